/**
 * `node scripts/run-ts.mjs cms/seed/run.ts`: applies pending migrations, then seeds (create-if-missing).
 * Used by `npm run dev` and by the browser-test setup.
 */
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import { keepAliveUntilDone } from '../lib/keepAlive'
import { migrations } from '../migrations'
import config from '../payload.config'
import { seed } from './index'

keepAliveUntilDone(async () => {
  process.env.JOBS_AUTORUN ??= 'false'
  const payload = await getPayload({ config })
  try {
    await payload.db.migrate({ migrations: migrations as never })
    const { created } = await seed(payload)
    const summary = Object.entries(created)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')
    payload.logger.info(summary ? `Seeded: ${summary}` : 'Seed: nothing missing, nothing changed')
  } finally {
    await closePayload(payload)
  }
})
