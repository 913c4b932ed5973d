import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Indexes made for the admin home's money summary (cms/services/admin/attention.ts readMoney; issue
 * 36, item 8): paid orders by creation time with their amounts (an index-only scan of two months),
 * refund requests by when their money went back, refunded payments by their last change. Before,
 * the summary read every refunded payment ever: 600 ms at 200,000 payments. Hand-written (partial
 * and expression indexes); expand only.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE INDEX IF NOT EXISTS "payments_money_paid" ON "payments" ("created_at") INCLUDE ("amount")
  WHERE "status" IN ('completed', 'refunded') AND "gateway" <> 'complimentary' AND "amount" > 0;
CREATE INDEX IF NOT EXISTS "payments_money_refunded" ON "payments" ("updated_at") INCLUDE ("amount")
  WHERE "status" = 'refunded';
CREATE INDEX IF NOT EXISTS "refund_requests_money_at" ON "refund_requests" ((COALESCE("refunded_at", "decided_at", "updated_at")))
  WHERE "status" IN ('pending', 'refunded');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
DROP INDEX IF EXISTS "refund_requests_money_at";
DROP INDEX IF EXISTS "payments_money_refunded";
DROP INDEX IF EXISTS "payments_money_paid";`)
}
