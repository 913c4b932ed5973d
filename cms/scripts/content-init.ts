/**
 * The content:init step itself, against DATABASE_URL (`npm run content:init` resolves that the
 * way `npm start` does, then runs this): applies pending migrations, loads the default content
 * into an empty database (cms/seed/initContent.ts) and tells the running site to drop its content
 * cache. Exit 0 when loaded, 3 when content already exists (nothing changed), 1 on any other error.
 */
// First: .env into process.env before anything reads it.
import '../lib/dotenv'
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import { applyPendingMigrations } from '../lib/migrations/apply'
import { flushRevalidations } from '../lib/revalidateSite'
import { refuseBadConfiguration } from '../lib/startupCheck'
import config from '../payload.config'
import { ContentExistsError, initContent } from '../seed/initContent'

const EXIT_CONTENT_EXISTS = 3

process.env.JOBS_AUTORUN = 'false'
refuseBadConfiguration('content:init')
const payload = await getPayload({ config })
let code = 0
try {
  await applyPendingMigrations(payload)
  const { created } = await initContent(payload)
  // The site may have cached the empty content: drop it now that the transaction has committed.
  await flushRevalidations()
  const summary = Object.entries(created)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')
  console.log(`content:init: loaded ${summary}. No users were created; the first admin signs up at /admin.`)
} catch (error) {
  if (error instanceof ContentExistsError) {
    console.error(`content:init refused: ${error.message}`)
    code = EXIT_CONTENT_EXISTS
  } else {
    console.error(`content:init failed: ${(error as Error).message}`)
    code = 1
  }
} finally {
  await closePayload(payload)
}
process.exit(code)
