/**
 * `npm run content:init`: loads the default site copy, plans, FAQ and policy pages into a
 * production database that has no content yet (cms/seed/initContent.ts), and refuses, changing
 * nothing, when it has some. Creates no users. Runs against the database `npm start` uses:
 * DATABASE_URL (from the environment or .env), else the embedded PostgreSQL in .data/postgres,
 * reached while `npm start` runs or started for this step alone. Safe to run twice or twice at once.
 *
 * Exit codes: 0 loaded, 3 content already there (nothing changed), 1 failed.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type PostgresServer, startPostgres } from './lib/postgres'
import { ROOT } from './lib/stack'

if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'))

/** The embedded server npm start runs, when it runs (its pid file names a live process). */
function embeddedRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return false
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

let server: PostgresServer | null = null
let databaseUrl = process.env.DATABASE_URL
if (!databaseUrl) {
  // The same defaults as scripts/start.ts.
  const dataDir = path.join(ROOT, '.data/postgres')
  const port = Number(process.env.PG_PORT ?? 54329)
  if (embeddedRunning(dataDir)) {
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${port}/mentorloop`
  } else {
    server = await startPostgres({ dataDir, port })
    await server.ensureDatabase('mentorloop')
    databaseUrl = server.url('mentorloop')
  }
}

const code = await new Promise<number>((resolve) => {
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), path.join(ROOT, 'cms/scripts/content-init.ts')], {
    cwd: path.join(ROOT, 'cms'),
    // Production unless told otherwise, like npm start: the same checks of secrets and stand-ins.
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: process.env.NODE_ENV ?? 'production', JOBS_AUTORUN: 'false' },
    stdio: 'inherit',
  })
  child.on('exit', (exitCode) => resolve(exitCode ?? 1))
  child.on('error', () => resolve(1))
})
await server?.stop()
process.exit(code)
