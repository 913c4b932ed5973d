import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 37 (docs/decisions/174): calendar feed tokens kept as their SHA-256, not in plain text.
 * Expand only: a new nullable column and its unique index. Data step: every existing token's hash
 * is written (the links people subscribed to keep working) and the plain token is emptied, so no
 * readable feed token stays in the database or its backups. `calendar_token` itself stays, unread
 * and unwritten, until a later contract step drops it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "calendar_token_hash" varchar;
  CREATE UNIQUE INDEX "users_calendar_token_hash_idx" ON "users" USING btree ("calendar_token_hash");`)
  await db.execute(hashPlainFeedTokens)
}

/** The data step (its own statement, so a test can run it on rows written the old way). */
export const hashPlainFeedTokens = sql`
  UPDATE "users" SET "calendar_token_hash" = encode(sha256(convert_to("calendar_token", 'UTF8')), 'hex'), "calendar_token" = NULL
   WHERE "calendar_token" IS NOT NULL`

export async function down({ db }: MigrateDownArgs): Promise<void> {
  // The plain tokens are gone: after a rollback every feed link needs making again.
  await db.execute(sql`
   DROP INDEX "users_calendar_token_hash_idx";
  ALTER TABLE "users" DROP COLUMN "calendar_token_hash";`)
}
