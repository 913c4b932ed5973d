import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The state several CMS and site instances must share (docs/decisions/113-shared-state-in-postgres.md),
 * in PostgreSQL, the one store we run. Hand-written: none of these is a Payload collection.
 * - auth_rate_limits: rate-limiter-flexible's RateLimiterPostgres table, in the library's own
 *   layout (key, points, expire in epoch ms); created here so no process issues DDL at start-up.
 * - auth_single_use: keys that may be used once (an ID token's subject and nonce, a sign-in
 *   transaction's id), until they would have expired anyway.
 * - content_versions: one counter per public content tag, bumped after each change, which every
 *   site instance compares every few seconds.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE TABLE IF NOT EXISTS "auth_rate_limits" (
  "key" varchar(255) PRIMARY KEY,
  "points" integer NOT NULL DEFAULT 0,
  "expire" bigint
);
CREATE INDEX IF NOT EXISTS "auth_rate_limits_expire_idx" ON "auth_rate_limits" ("expire");
CREATE TABLE IF NOT EXISTS "auth_single_use" (
  "key" varchar(512) PRIMARY KEY,
  "expires_at" timestamp(3) with time zone NOT NULL
);
CREATE INDEX IF NOT EXISTS "auth_single_use_expires_at_idx" ON "auth_single_use" ("expires_at");
CREATE TABLE IF NOT EXISTS "content_versions" (
  "tag" varchar(64) PRIMARY KEY,
  "version" bigint NOT NULL DEFAULT 0,
  "changed_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
DROP TABLE IF EXISTS "content_versions";
DROP TABLE IF EXISTS "auth_single_use";
DROP TABLE IF EXISTS "auth_rate_limits";`)
}
