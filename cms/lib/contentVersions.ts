import { nowMs } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { sharedPool } from './sharedPool'

/**
 * One counter per public content tag in PostgreSQL (docs/decisions/113-shared-state-in-postgres.md).
 * Bumped in its own short statement after a change has committed (revalidateSite.ts calls it
 * with the push), never inside the change's transaction: a booking rush must not queue on one row.
 * Tags are sorted, so two bumps of overlapping tags lock their rows in the same order.
 */
export async function bumpContentVersions(payload: Payload, tags: readonly string[]): Promise<void> {
  const sorted = [...new Set(tags)].sort()
  if (sorted.length === 0) return
  await sharedPool(payload).query(
    `INSERT INTO content_versions (tag, version, changed_at)
     SELECT tag, 1, $2 FROM unnest($1::text[]) WITH ORDINALITY AS t(tag, n) ORDER BY n
     ON CONFLICT (tag) DO UPDATE SET version = content_versions.version + 1, changed_at = EXCLUDED.changed_at`,
    [sorted, new Date(nowMs())],
  )
}

export async function readContentVersions(payload: Payload): Promise<Record<string, number>> {
  const { rows } = await sharedPool(payload).query('SELECT tag, version FROM content_versions')
  return Object.fromEntries(rows.map((r) => [String(r.tag), Number(r.version)]))
}
