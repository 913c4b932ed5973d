/**
 * `node scripts/run-ts.mjs cms/scripts/migrate.ts`: applies the committed migrations to DATABASE_URL
 * and exits. Top-level await: run-ts.mjs keeps the event loop alive until it settles.
 */
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import { migrations } from '../migrations'
import config from '../payload.config'

process.env.JOBS_AUTORUN ??= 'false'
const payload = await getPayload({ config })
try {
  await payload.db.migrate({ migrations: migrations as never })
} finally {
  await closePayload(payload)
}
process.exit(0)
