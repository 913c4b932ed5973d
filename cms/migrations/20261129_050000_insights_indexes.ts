import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Indexes made for the Insights page's aggregates (cms/services/insights/queries.ts; issue 35,
 * docs/decisions/199): each student's first paid plan (an index-only scan in user and time order,
 * with the plan for the plan filter), and the seats taken from a waitlist or a held seat by student
 * and mentor (how fast waiting students got a seat). The other views range over indexes that
 * exist (payments_money_paid, refund_requests_money_at, waitlist_joined_at_idx,
 * batches_starts_on_idx, ratings_created_at_idx, users_created_at_idx). Hand-written (partial
 * indexes); expand only.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE INDEX IF NOT EXISTS "payments_first_paid" ON "payments" ("user_id", "created_at", "id") INCLUDE ("plan_id")
  WHERE "status" IN ('completed', 'refunded') AND "gateway" <> 'complimentary' AND "amount" > 0;
CREATE INDEX IF NOT EXISTS "bookings_seat_from_waitlist" ON "bookings" ("user_id", "mentor_id", "created_at")
  WHERE "source" IN ('waitlist', 'offer');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
DROP INDEX IF EXISTS "bookings_seat_from_waitlist";
DROP INDEX IF EXISTS "payments_first_paid";`)
}
