import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payments_gateway" ADD VALUE 'complimentary';
  ALTER TABLE "payments" ADD COLUMN "granted_by_id" integer;
  ALTER TABLE "payments" ADD COLUMN "note" varchar;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "payments_granted_by_idx" ON "payments" USING btree ("granted_by_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payments" DROP CONSTRAINT "payments_granted_by_id_users_id_fk";
  
  ALTER TABLE "payments" ALTER COLUMN "gateway" SET DATA TYPE text;
  ALTER TABLE "payments" ALTER COLUMN "gateway" SET DEFAULT 'sandbox'::text;
  DROP TYPE "public"."enum_payments_gateway";
  CREATE TYPE "public"."enum_payments_gateway" AS ENUM('razorpay', 'sandbox');
  ALTER TABLE "payments" ALTER COLUMN "gateway" SET DEFAULT 'sandbox'::"public"."enum_payments_gateway";
  ALTER TABLE "payments" ALTER COLUMN "gateway" SET DATA TYPE "public"."enum_payments_gateway" USING "gateway"::"public"."enum_payments_gateway";
  DROP INDEX "payments_granted_by_idx";
  ALTER TABLE "payments" DROP COLUMN "granted_by_id";
  ALTER TABLE "payments" DROP COLUMN "note";`)
}
