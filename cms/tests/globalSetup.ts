import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type PostgresServer, startPostgres } from '../../scripts/lib/postgres'
import { runScript } from './helpers/compiledScripts'

/**
 * One fresh PostgreSQL database per test run, migrated with the committed migrations, dropped
 * at the end. The server is TEST_DATABASE_SERVER_URL (or DATABASE_URL's server) when given, else
 * embedded PostgreSQL in .data/test-postgres. Migrations run as production runs them: the compiled
 * `migrate` script, in a child process on production's Node (docs/decisions/130).
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
  const migrated = await runScript('migrate', [], { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOBS_AUTORUN: 'false' }, 420_000)
  if (migrated.code !== 0) throw new Error(`migrate failed (exit ${migrated.code}):\n${migrated.output.slice(-4000)}`)
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
