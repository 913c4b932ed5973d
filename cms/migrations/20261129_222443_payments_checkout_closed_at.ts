import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * When the student closed the checkout without paying (issue 32): the admin's Payments list hides
 * such an order at once instead of after an hour. The list's count reads its base filter (status,
 * created time and now this column: collections/Payments/abandonedOrders.ts) from one index, as an
 * index-only scan (decision 208; without the column in the index the count read the table again).
 * Expand only: a nullable column that the code before this release never reads, and an index that
 * replaces one with the same leading columns, which that code uses the same way.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "checkout_closed_at" timestamp(3) with time zone;
CREATE INDEX IF NOT EXISTS "payments_status_created_at_closed" ON "payments" ("status", "created_at") INCLUDE ("checkout_closed_at");
DROP INDEX IF EXISTS "payments_status_created_at";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
CREATE INDEX IF NOT EXISTS "payments_status_created_at" ON "payments" ("status", "created_at");
DROP INDEX IF EXISTS "payments_status_created_at_closed";
ALTER TABLE "payments" DROP COLUMN IF EXISTS "checkout_closed_at";`)
}
