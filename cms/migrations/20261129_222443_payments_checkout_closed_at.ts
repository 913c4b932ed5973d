import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * When the student closed the checkout without paying (issue 32): the admin's Payments list hides
 * such an order at once instead of after an hour. Expand only: a nullable column that the code
 * before this release never reads.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "checkout_closed_at" timestamp(3) with time zone;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
ALTER TABLE "payments" DROP COLUMN IF EXISTS "checkout_closed_at";`)
}
