import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The worker's heartbeat (docs/decisions/133-health-and-metrics.md): each worker process keeps one
 * row, written every 15 s while every one of its loops is making progress, and removed when it
 * stops cleanly. The CMS reads the newest beat for /readyz?detail and its metrics, so a worker that
 * hangs or dies is seen from outside it. And an index over the outbox's unfinished messages, which
 * the same readings count by lane and state at every scrape. Hand-written: not a Payload
 * collection. Expand only.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
CREATE TABLE IF NOT EXISTS "worker_heartbeats" (
  "worker_id" varchar(200) PRIMARY KEY,
  "host" varchar(200) NOT NULL,
  "pid" integer NOT NULL,
  "started_at" timestamp(3) with time zone NOT NULL,
  "beat_at" timestamp(3) with time zone NOT NULL,
  "loops" jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX IF NOT EXISTS "email_outbox_unfinished" ON "email_outbox" ("priority", "status", "created_at")
  WHERE "status" IN ('queued', 'sending', 'failed');`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
DROP INDEX IF EXISTS "email_outbox_unfinished";
DROP TABLE IF EXISTS "worker_heartbeats";`)
}
