import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * One open refund request per payment (requested, approved or already refunded), enforced by
 * PostgreSQL so that two tabs submitting at once cannot both get through. Hand-written: a partial
 * unique index is not something Payload generates.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE UNIQUE INDEX IF NOT EXISTS "refund_requests_one_open_per_payment"
  ON "refund_requests" ("payment_id")
  WHERE status IN ('requested', 'approved', 'refunded');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP INDEX IF EXISTS "refund_requests_one_open_per_payment";`)
}
