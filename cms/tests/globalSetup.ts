import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type PostgresServer, startPostgres } from '../../scripts/lib/postgres'

/**
 * One fresh PostgreSQL database per test run, migrated with the committed migrations, dropped
 * at the end. The server is TEST_DATABASE_SERVER_URL (or DATABASE_URL's server) when given, else
 * embedded PostgreSQL in .data/test-postgres. Migrations run in a child process (importing the
 * Payload config inside Vitest's main process hung now and then), through scripts/run-ts.mjs.
 */
const dirname = path.dirname(fileURLToPath(import.meta.url))
const cmsDir = path.resolve(dirname, '..')
let server: PostgresServer | null = null
let database = ''

function serverUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_SERVER_URL ?? process.env.DATABASE_URL
  if (!url) return undefined
  const u = new URL(url)
  u.pathname = '/postgres'
  return u.toString()
}

export async function setup() {
  server = await startPostgres({
    dataDir: path.resolve(cmsDir, '../.data/test-postgres'),
    port: Number(process.env.TEST_PG_PORT ?? 54339),
    serverUrl: serverUrl(),
    fast: true,
  })
  await server.dropStaleDatabases('test')
  database = `test_${process.pid}_${Date.now().toString(36)}`
  await server.createDatabase(database)
  process.env.DATABASE_URL = server.url(database)
  // A hang guard and one more try: migrating took over 5 minutes on a machine loaded by other
  // suites, and a tsx-loaded script now and then never settles on Node 20 (its main thread asleep
  // waiting for the module loader). Migrations are idempotent, so a second start finishes the job.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(process.execPath, [path.resolve(cmsDir, '../scripts/run-ts.mjs'), 'scripts/migrate.ts'], {
        cwd: cmsDir,
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOBS_AUTORUN: 'false' },
        stdio: ['ignore', 'inherit', 'inherit'],
        timeout: 420_000,
        killSignal: 'SIGKILL',
      })
      break
    } catch (error) {
      const timedOut = (error as { signal?: string }).signal === 'SIGKILL'
      if (!timedOut || attempt >= 2) throw error
      console.warn('migrate did not finish in 7 minutes; starting it again')
    }
  }
  // A migrated copy nobody connects to: test files that need the database to themselves (their
  // jobs sweep every row with a moved clock) clone it (tests/helpers/payload.ts).
  await server.createDatabase(`${database}_tpl`, { template: database })
  process.env.TEST_TEMPLATE_DATABASE = `${database}_tpl`
}

export async function teardown() {
  if (!server) return
  await server.dropDatabase(database).catch(() => {})
  await server.dropDatabasesUnder(database).catch(() => {}) // the template and the files' own copies
  await server.stop()
}
