/**
 * `npm run migrate` — the release step (docs/decisions/131-migrations-as-a-release-step.md): applies
 * the committed migrations to DATABASE_URL, one runner at a time under a PostgreSQL advisory lock
 * (a second runner waits, then finds nothing to do), and exits. CMS and worker instances never
 * migrate; they refuse traffic until this has run.
 *
 *   migrate            apply what is pending (exit 0), or fail (exit 1); each migration runs in its
 *                      own transaction, so a failure leaves the ones before it applied, none half
 *   migrate status     list applied and pending migrations; exit 0 when current, 3 when some are
 *                      pending, 4 when the database has migrations this release does not know
 *   migrate down       undo the last batch (a rollback of the release that applied it; read the
 *                      runbook first: docs/operations.md, "Upgrade")
 *
 * Production runs the compiled cms/dist/migrate.mjs; development and tests the same source through
 * scripts/run-ts.mjs.
 */
// First: .env into process.env before anything reads it.
import '../lib/dotenv'
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import { applyPendingMigrations, undoLastBatch } from '../lib/migrations/apply'
import { migrationStatus } from '../lib/migrations/status'
import { refuseBadConfiguration } from '../lib/startupCheck'
import config from '../payload.config'

const command = process.argv[2] ?? 'up'
if (!['up', 'status', 'down'].includes(command)) {
  console.error(`Unknown command "${command}": use migrate [up|status|down]`)
  process.exit(2)
}
process.env.JOBS_AUTORUN = 'false'
refuseBadConfiguration('migrate')
const payload = await getPayload({ config })
let code = 0
try {
  if (command === 'status') {
    const status = await migrationStatus(payload)
    for (const a of status.applied) console.log(`applied  ${a.name}  (batch ${a.batch}, ${a.appliedAt})`)
    for (const name of status.pending) console.log(`PENDING  ${name}`)
    for (const name of status.unknown) console.log(`UNKNOWN  ${name}  (applied by a newer release)`)
    console.log(
      status.pending.length
        ? `${status.pending.length} migration(s) pending: run npm run migrate`
        : status.unknown.length
          ? `the database is ahead of this release by ${status.unknown.length} migration(s)`
          : 'the database is current',
    )
    code = status.pending.length ? 3 : status.unknown.length ? 4 : 0
  } else if (command === 'up') {
    const started = Date.now()
    const ran = await applyPendingMigrations(payload)
    payload.logger.info({ msg: ran ? `Migrations applied: ${ran}` : 'Migrations: the database is current', ms: Date.now() - started })
  } else {
    const undone = await undoLastBatch(payload)
    payload.logger.info({ msg: undone.length ? `Migrations undone: ${undone.join(', ')}` : 'Migrations: nothing to undo' })
  }
} catch (error) {
  payload.logger.error({ msg: `migrate ${command} failed`, err: error })
  code = 1
} finally {
  await closePayload(payload)
}
process.exit(code)
