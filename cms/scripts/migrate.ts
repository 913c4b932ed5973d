/** `node scripts/run-ts.mjs cms/scripts/migrate.ts`: applies the committed migrations to DATABASE_URL and exits. */
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import { keepAliveUntilDone } from '../lib/keepAlive'
import { migrations } from '../migrations'
import config from '../payload.config'

keepAliveUntilDone(async () => {
  process.env.JOBS_AUTORUN ??= 'false'
  const payload = await getPayload({ config })
  try {
    await payload.db.migrate({ migrations: migrations as never })
  } finally {
    await closePayload(payload)
  }
})
