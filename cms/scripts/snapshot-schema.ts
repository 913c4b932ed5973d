/**
 * `node scripts/run-ts.mjs cms/scripts/snapshot-schema.ts <migration.json>`: rewrites a migration's
 * schema snapshot to the current collections (keeping its id and prevId). For a merge of two branches
 * that each added a migration: the later one's snapshot must hold both (tests/int/generated.int.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import config from '../payload.config'

process.env.JOBS_AUTORUN = 'false'
const file = process.argv[2]
if (!file) throw new Error('usage: snapshot-schema.ts <migration.json>')
const payload = await getPayload({ config })
try {
  const db = payload.db as unknown as {
    schema: unknown
    requireDrizzleKit: () => { generateDrizzleJson: (schema: unknown) => Promise<Record<string, unknown>> }
  }
  const old = JSON.parse(readFileSync(file, 'utf8')) as { id: string; prevId: string }
  const current = JSON.parse(JSON.stringify(await db.requireDrizzleKit().generateDrizzleJson(db.schema))) as Record<string, unknown>
  writeFileSync(file, `${JSON.stringify({ ...current, id: old.id, prevId: old.prevId }, null, 2)}\n`)
} finally {
  await closePayload(payload)
}
process.exit(0)
