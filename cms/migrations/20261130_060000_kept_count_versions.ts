import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A version per table whose list totals are kept per process (lib/db/keptCounts.ts,
 * docs/decisions/217): a sequence bumped by a statement trigger on every insert, update, delete and
 * truncate, so a kept count is checked with one single-row read. A sequence, not a row: bumping it
 * takes no lock, so writers of the same table never wait for each other on it. The tables are
 * KEPT_COUNT_TABLES as of this migration (a table added there later gets its own migration;
 * tests/int/keptCounts.int.test.ts checks every one has its trigger). Expand only.
 */
const TABLES = [
  'users',
  'payments',
  'bookings',
  'waitlist',
  'seat_offers',
  'refund_requests',
  'sessions',
  'ratings',
  'mentor_applications',
  'discount_code_uses',
  'newsletter_subscribers',
] as const
const countVersionSequence = (table: string) => `${table}_count_version`

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE OR REPLACE FUNCTION "bump_count_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]::regclass);
  RETURN NULL;
END $$;`)
  for (const table of TABLES) {
    const sequence = countVersionSequence(table)
    await db.execute(
      sql.raw(`
CREATE SEQUENCE IF NOT EXISTS "${sequence}";
DROP TRIGGER IF EXISTS "${table}_count_version" ON "${table}";
CREATE TRIGGER "${table}_count_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_count_version"('${sequence}');`),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) {
    await db.execute(
      sql.raw(`
DROP TRIGGER IF EXISTS "${table}_count_version" ON "${table}";
DROP SEQUENCE IF EXISTS "${countVersionSequence(table)}";`),
    )
  }
  await db.execute(sql`DROP FUNCTION IF EXISTS "bump_count_version"();`)
}
