import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * A version for the public mentor cards (docs/decisions/121-mentor-cards-version.md): a sequence
 * bumped by a statement trigger on every table a card is read from (mentors, their open batch, its
 * seats and held seats, the photo, the rating totals), so a cached list of cards is checked with
 * one cheap read. A sequence, not a counter row: nextval never waits, so a rush of bookings does
 * not queue on one row.
 */
const TABLES = ['mentors', 'batches', 'bookings', 'seat_offers', 'media', 'mentor_rating_totals'] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE SEQUENCE IF NOT EXISTS "mentor_cards_version";
CREATE OR REPLACE FUNCTION "bump_mentor_cards_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('mentor_cards_version');
  RETURN NULL;
END $$;`)
  for (const table of TABLES) {
    await db.execute(
      sql.raw(`
DROP TRIGGER IF EXISTS "${table}_mentor_cards_version" ON "${table}";
CREATE TRIGGER "${table}_mentor_cards_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_mentor_cards_version"();`),
    )
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  for (const table of TABLES) await db.execute(sql.raw(`DROP TRIGGER IF EXISTS "${table}_mentor_cards_version" ON "${table}";`))
  await db.execute(sql`
DROP FUNCTION IF EXISTS "bump_mentor_cards_version"();
DROP SEQUENCE IF EXISTS "mentor_cards_version";`)
}
