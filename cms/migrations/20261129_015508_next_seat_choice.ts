import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 37 (docs/decisions/179): a seat given up while its batch ran keeps (or passes on) the
 * student's held seat in the mentor's next batch, as the student answered. Expand only: two
 * nullable columns that code from before ignores.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" ADD COLUMN "keeps_next_hold" boolean;
  ALTER TABLE "refund_requests" ADD COLUMN "keep_next_hold" boolean;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "bookings" DROP COLUMN "keeps_next_hold";
  ALTER TABLE "refund_requests" DROP COLUMN "keep_next_hold";`)
}
