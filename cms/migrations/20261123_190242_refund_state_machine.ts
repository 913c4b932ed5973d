import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Refunds after the commit (docs/decisions/056-refunds-after-commit.md): the request's states
 * `pending` and `failed`, its idempotency key, the job's attempt count, next try and last error,
 * when it was refunded, and the two refund tasks. Generated, then edited by hand: the partial unique
 * index "one open request per payment" depends on the status type, so it is dropped before the type
 * is rebuilt and made again after, now for every state but `rejected` (a pending or failed refund
 * is still open).
 * Contract step (written before the expand/contract rule, docs/schema-changes.md): the status type
 * is rebuilt in place; releases before it no longer run.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "refund_requests_one_open_per_payment";
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'processRefund';
  ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'retryRefunds';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'processRefund';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'retryRefunds';
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DEFAULT 'requested'::text;
  DROP TYPE "public"."enum_refund_requests_status";
  CREATE TYPE "public"."enum_refund_requests_status" AS ENUM('requested', 'approved', 'pending', 'refunded', 'failed', 'rejected');
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DEFAULT 'requested'::"public"."enum_refund_requests_status";
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DATA TYPE "public"."enum_refund_requests_status" USING "status"::"public"."enum_refund_requests_status";
  ALTER TABLE "refund_requests" ADD COLUMN "refunded_at" timestamp(3) with time zone;
  ALTER TABLE "refund_requests" ADD COLUMN "idempotency_key" varchar;
  ALTER TABLE "refund_requests" ADD COLUMN "attempts" numeric DEFAULT 0;
  ALTER TABLE "refund_requests" ADD COLUMN "next_attempt_at" timestamp(3) with time zone;
  ALTER TABLE "refund_requests" ADD COLUMN "last_error" varchar;
  CREATE UNIQUE INDEX "refund_requests_idempotency_key_idx" ON "refund_requests" USING btree ("idempotency_key");
  CREATE UNIQUE INDEX "refund_requests_one_open_per_payment" ON "refund_requests" ("payment_id") WHERE status <> 'rejected';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "refund_requests_one_open_per_payment";
  UPDATE "refund_requests" SET "status" = 'approved' WHERE "status" IN ('pending', 'failed');
   ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DATA TYPE text;
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DEFAULT 'requested'::text;
  DROP TYPE "public"."enum_refund_requests_status";
  CREATE TYPE "public"."enum_refund_requests_status" AS ENUM('requested', 'approved', 'rejected', 'refunded');
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DEFAULT 'requested'::"public"."enum_refund_requests_status";
  ALTER TABLE "refund_requests" ALTER COLUMN "status" SET DATA TYPE "public"."enum_refund_requests_status" USING "status"::"public"."enum_refund_requests_status";
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'sendEmail', 'advanceBatches', 'expireSeatOffers', 'expireSeatOffer', 'sendRenewalReminders');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'sendEmail', 'advanceBatches', 'expireSeatOffers', 'expireSeatOffer', 'sendRenewalReminders');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  DROP INDEX "refund_requests_idempotency_key_idx";
  ALTER TABLE "refund_requests" DROP COLUMN "refunded_at";
  ALTER TABLE "refund_requests" DROP COLUMN "idempotency_key";
  ALTER TABLE "refund_requests" DROP COLUMN "attempts";
  ALTER TABLE "refund_requests" DROP COLUMN "next_attempt_at";
  ALTER TABLE "refund_requests" DROP COLUMN "last_error";
  CREATE UNIQUE INDEX "refund_requests_one_open_per_payment" ON "refund_requests" ("payment_id") WHERE status IN ('requested', 'approved', 'refunded');`)
}
