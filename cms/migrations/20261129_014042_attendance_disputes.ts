import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 37 (docs/decisions/177): a student disputes an absent attendance mark and an admin decides
 * it. Expand only: new nullable columns and a new type that code from before ignores.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_session_attendance_dispute" AS ENUM('open', 'upheld', 'rejected');
  ALTER TABLE "session_attendance" ADD COLUMN "dispute" "enum_session_attendance_dispute";
  ALTER TABLE "session_attendance" ADD COLUMN "dispute_note" varchar;
  ALTER TABLE "session_attendance" ADD COLUMN "disputed_at" timestamp(3) with time zone;
  ALTER TABLE "session_attendance" ADD COLUMN "dispute_decided_at" timestamp(3) with time zone;
  CREATE INDEX "session_attendance_dispute_idx" ON "session_attendance" USING btree ("dispute");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "session_attendance_dispute_idx";
  ALTER TABLE "session_attendance" DROP COLUMN "dispute";
  ALTER TABLE "session_attendance" DROP COLUMN "dispute_note";
  ALTER TABLE "session_attendance" DROP COLUMN "disputed_at";
  ALTER TABLE "session_attendance" DROP COLUMN "dispute_decided_at";
  DROP TYPE "public"."enum_session_attendance_dispute";`)
}
