import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 33 (docs/decisions/160, 162). Expand only: code from before it reads and writes the same
 * rows and ignores what is new, so it runs against this schema during a rolling upgrade.
 * - payments: the reconciliation sweep's bookkeeping (how often the gateway was asked, when next),
 *   and its task among the jobs' task names;
 * - media: the S3 adapter's `prefix` and `_objectKey`, present whichever storage is configured.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_payload_jobs_log_task_slug" ADD VALUE 'reconcilePayments';
  ALTER TYPE "public"."enum_payload_jobs_task_slug" ADD VALUE 'reconcilePayments';
  ALTER TABLE "payments" ADD COLUMN "reconcile_checks" numeric DEFAULT 0;
  ALTER TABLE "payments" ADD COLUMN "reconcile_at" timestamp(3) with time zone;
  ALTER TABLE "media" ADD COLUMN "prefix" varchar DEFAULT '';
  ALTER TABLE "media" ADD COLUMN "_objectkey" varchar;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_log_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_log_task_slug" AS ENUM('inline', 'timeTick', 'expireSeatOffer', 'processRefund', 'retryRefunds');
  ALTER TABLE "payload_jobs_log" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_log_task_slug" USING "task_slug"::"public"."enum_payload_jobs_log_task_slug";
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE text;
  DROP TYPE "public"."enum_payload_jobs_task_slug";
  CREATE TYPE "public"."enum_payload_jobs_task_slug" AS ENUM('inline', 'timeTick', 'expireSeatOffer', 'processRefund', 'retryRefunds');
  ALTER TABLE "payload_jobs" ALTER COLUMN "task_slug" SET DATA TYPE "public"."enum_payload_jobs_task_slug" USING "task_slug"::"public"."enum_payload_jobs_task_slug";
  ALTER TABLE "payments" DROP COLUMN "reconcile_checks";
  ALTER TABLE "payments" DROP COLUMN "reconcile_at";
  ALTER TABLE "media" DROP COLUMN "prefix";
  ALTER TABLE "media" DROP COLUMN "_objectkey";`)
}
