import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Mentor cards now say when the open batch meets (its sessions: issue 32, "mentor pages sell"), so
 * a change to a session moves the cards' version too (20261127_050000_mentor_cards_version,
 * docs/decisions/121): the same statement trigger on `sessions`. Expand only.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
DROP TRIGGER IF EXISTS "sessions_mentor_cards_version" ON "sessions";
CREATE TRIGGER "sessions_mentor_cards_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_mentor_cards_version"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TRIGGER IF EXISTS "sessions_mentor_cards_version" ON "sessions";`)
}
