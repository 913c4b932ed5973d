import type { Payload } from 'payload'
import { migrations } from '../../migrations'
import { sharedPool } from '../sharedPool'

/** The committed migrations' names, oldest first (cms/migrations/index.ts). */
export const COMMITTED_MIGRATIONS: readonly string[] = migrations.map((m) => m.name)

export type MigrationStatus = {
  /** Committed here, not applied to the database yet: the release step (`npm run migrate`) has not run. */
  pending: string[]
  /** Applied to the database, unknown to this code: the database is ahead of this release (a rollback). */
  unknown: string[]
  applied: { name: string; batch: number; appliedAt: string }[]
}

/**
 * Which committed migrations the database has: one read of Payload's `payload_migrations` table (a
 * database without it has none). Instances use it to refuse traffic while a release step is due
 * (docs/decisions/131-migrations-as-a-release-step.md); `npm run migrate:status` prints it.
 */
export async function migrationStatus(payload: Payload, committed: readonly string[] = COMMITTED_MIGRATIONS): Promise<MigrationStatus> {
  const pool = sharedPool(payload)
  const { rows: exists } = await pool.query("SELECT to_regclass('public.payload_migrations') IS NOT NULL AS ok")
  const rows = exists[0]?.ok
    ? (await pool.query('SELECT name, batch, created_at FROM payload_migrations WHERE batch <> -1 ORDER BY created_at, id')).rows
    : []
  const applied = rows.map((r) => ({
    name: String(r.name),
    batch: Number(r.batch),
    appliedAt: r.created_at instanceof Date ? r.created_at.toISOString() : String(r.created_at),
  }))
  const names = new Set(applied.map((a) => a.name))
  const known = new Set(committed)
  return {
    pending: committed.filter((n) => !names.has(n)),
    unknown: applied.map((a) => a.name).filter((n) => !known.has(n)),
    applied,
  }
}
