/**
 * `node scripts/run-ts.mjs cms/seed/run.ts`: applies pending migrations, then seeds (create-if-missing).
 * Used by `npm run dev` and by the browser-test setup. Top-level await: run-ts.mjs keeps the event
 * loop alive until it settles; a failure rejects the import there and exits 1.
 */
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import { applyPendingMigrations } from '../lib/migrations/apply'
import config from '../payload.config'
import { seed } from './index'

process.env.JOBS_AUTORUN ??= 'false'
const payload = await getPayload({ config })
try {
  await applyPendingMigrations(payload)
  const { created } = await seed(payload)
  const summary = Object.entries(created)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')
  payload.logger.info(summary ? `Seeded: ${summary}` : 'Seed: nothing missing, nothing changed')
} finally {
  await closePayload(payload)
}
process.exit(0)
