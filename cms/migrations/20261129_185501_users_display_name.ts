import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Accounts are titled by name in /admin (issue 32): `users.display_name` is the name, or the e-mail
 * while there is none. The database keeps it (a row trigger), so every writer agrees, the booking
 * form's name written in SQL included; existing rows are filled here. Expand only: a new column,
 * its index, the trigger and the backfill; the code before this release never reads them.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "display_name" varchar;
CREATE INDEX IF NOT EXISTS "users_display_name_idx" ON "users" USING btree ("display_name");
CREATE OR REPLACE FUNCTION "users_display_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.display_name := COALESCE(NULLIF(btrim(NEW.name), ''), NEW.email);
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS "users_display_name" ON "users";
CREATE TRIGGER "users_display_name" BEFORE INSERT OR UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_display_name"();
UPDATE "users" SET display_name = COALESCE(NULLIF(btrim(name), ''), email)
  WHERE display_name IS DISTINCT FROM COALESCE(NULLIF(btrim(name), ''), email);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
DROP TRIGGER IF EXISTS "users_display_name" ON "users";
DROP FUNCTION IF EXISTS "users_display_name"();
DROP INDEX IF EXISTS "users_display_name_idx";
ALTER TABLE "users" DROP COLUMN IF EXISTS "display_name";`)
}
