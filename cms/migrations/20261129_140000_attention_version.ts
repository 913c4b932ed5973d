import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A version for the admin home's two aggregates (services/admin/attention.ts: the waiting counts
 * and the money summary, docs/decisions/208): a sequence bumped by a statement trigger on every
 * table they read (the seating rule's bookings, seat offers, credits and plans; mentors, their open
 * batch, the waitlist; payments and refund requests), so a figure kept per process is checked with
 * one single-row read, as the mentor cards are (20261127_050000_mentor_cards_version, decision
 * 121). Expand only.
 */
const TABLES = ['mentors', 'batches', 'bookings', 'seat_offers', 'waitlist', 'payments', 'plans', 'refund_requests'] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE SEQUENCE IF NOT EXISTS "attention_version";
CREATE OR REPLACE FUNCTION "bump_attention_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('attention_version');
  RETURN NULL;
END $$;`)
  for (const table of TABLES) {
    await db.execute(
      sql.raw(`
DROP TRIGGER IF EXISTS "${table}_attention_version" ON "${table}";
CREATE TRIGGER "${table}_attention_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_attention_version"();`),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_attention_version" ON "${table}";`))
  await db.execute(sql`
DROP FUNCTION IF EXISTS "bump_attention_version"();
DROP SEQUENCE IF EXISTS "attention_version";`)
}
