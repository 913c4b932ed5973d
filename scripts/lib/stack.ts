import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { productionNode } from './node-lts'
import { type LocalIssuer, startLocalIssuer } from './oidc-issuer'
import { type PostgresServer, startPostgres } from './postgres'
import { assertPortsFree, type Child, run, runToEnd, stopAll, waitForHttp } from './processes'
import { cmsProcess, migrateProcess, type ProcessSpec, siteProcess, workerProcess } from './production'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BIN = path.join(ROOT, 'node_modules/.bin')

export type StackOptions = {
  mode: 'dev' | 'prod'
  ports: { web: number; cms: number; oidc: number; pg: number }
  /** Where embedded PostgreSQL keeps its data (ignored when DATABASE_URL names a server). */
  pgDataDir: string
  database: string
  /** Create the database afresh (and drop it on stop): tests. */
  freshDatabase?: boolean
  /** Stand-ins allowed in a production build (tests only). */
  mocks?: boolean
  /** Random secrets instead of the development defaults (a production build needs them). */
  randomSecrets?: boolean
  quiet?: boolean
  /** Seed the development data (personas, mentors, content); `false` leaves the database empty, as in production. */
  seed?: boolean
  /** A running PostgreSQL server to create the database on (e.g. another stack's), instead of DATABASE_URL or embedded. */
  serverUrl?: string
  /** The site's build folder in web/ (prod mode): `build`, or `build-bench` for benchmarks. */
  webBuildDir?: string
  /**
   * Prod mode: the jobs run in a separate compiled worker (as in production) instead of in the CMS
   * process; its e-mail goes to `smtp` when given. The worker's health port is picked free.
   */
  worker?: { smtp?: { host: string; port: number } }
}

export type Stack = {
  webUrl: string
  cmsUrl: string
  issuerUrl: string | null
  databaseUrl: string
  env: NodeJS.ProcessEnv
  /** The database server (the outage test stops and starts it). */
  postgres: PostgresServer
  /** The stack's own services (worker, CMS, site) by name, with their process ids (bench/scale weighs them). */
  services: { name: string; pid: number }[]
  stop: () => Promise<void>
}

/** DATABASE_URL, when set, names the server to use; we take the server and pick the database. */
function serverUrlFromEnv(): string | undefined {
  const url = process.env.DATABASE_URL
  if (!url) return undefined
  const u = new URL(url)
  u.pathname = '/postgres'
  return u.toString()
}

function databaseFromEnv(fallback: string): string {
  const url = process.env.DATABASE_URL
  if (!url) return fallback
  const name = new URL(url).pathname.replace(/^\//, '')
  return name || fallback
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  let pg: PostgresServer | null = null
  let issuer: LocalIssuer | null = null
  const children: Child[] = []
  const database = opts.freshDatabase ? opts.database : databaseFromEnv(opts.database)
  let stopped = false

  const stop = async () => {
    if (stopped) return
    stopped = true
    await stopAll()
    await issuer?.stop().catch(() => {})
    if (pg && opts.freshDatabase) await pg.dropDatabase(database).catch(() => {})
    // A postgres that already exited (Ctrl-C reaches it too) never reports exit again.
    await Promise.race([pg?.stop(), new Promise((r) => setTimeout(r, 5000))])
  }

  try {
    await assertPortsFree([opts.ports.web, opts.ports.cms, ...(process.env.GOOGLE_CLIENT_ID ? [] : [opts.ports.oidc])])
    pg = await startPostgres({
      dataDir: opts.pgDataDir,
      port: opts.ports.pg,
      serverUrl: opts.serverUrl ?? serverUrlFromEnv(),
      fast: opts.freshDatabase,
    })
    if (opts.freshDatabase) {
      await pg.dropStaleDatabases(database.split('_')[0]!)
      await pg.dropDatabase(database)
      await pg.createDatabase(database)
    } else {
      await pg.ensureDatabase(database)
    }
    const databaseUrl = pg.url(database)

    const webUrl = `http://localhost:${opts.ports.web}`
    const cmsUrl = `http://localhost:${opts.ports.cms}`
    const usingGoogle = Boolean(process.env.GOOGLE_CLIENT_ID)
    if (!usingGoogle) {
      issuer = await startLocalIssuer({ port: opts.ports.oidc })
    }
    const secret = () => randomBytes(32).toString('hex')
    const secrets = opts.randomSecrets
      ? { PAYLOAD_SECRET: secret(), SERVICE_KEY: secret(), SESSION_SECRET: secret(), METRICS_TOKEN: secret() }
      : {}

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...secrets,
      NODE_ENV: opts.mode === 'dev' ? 'development' : 'production',
      DATABASE_URL: databaseUrl,
      CMS_PORT: String(opts.ports.cms),
      WEB_PORT: String(opts.ports.web),
      CMS_PUBLIC_URL: cmsUrl,
      CMS_INTERNAL_URL: `http://127.0.0.1:${opts.ports.cms}`,
      WEB_PUBLIC_URL: webUrl,
      WEB_INTERNAL_URL: `http://127.0.0.1:${opts.ports.web}`,
      ...(issuer ? { OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: 'mentorloop-local', OIDC_CLIENT_SECRET: 'local-secret' } : {}),
      // A production build takes the stand-ins only with the second opt-in (and loopback URLs, as here).
      ...(opts.mocks ? { MOCKS: 'true', MOCKS_I_UNDERSTAND: 'yes-this-is-not-production' } : {}),
      NEXT_TELEMETRY_DISABLED: '1',
    }

    // Production builds run on production's Node (docs/decisions/130), whatever Node runs this.
    const node = opts.mode === 'prod' ? productionNode() : process.execPath
    const spawnSpec = (spec: ProcessSpec) => run(spec.name, node, spec.args, { cwd: spec.cwd, env: spec.env, quiet: opts.quiet })
    if (opts.mode === 'prod') {
      // The release step first, as production does it: the compiled migrate.
      const migrate = migrateProcess(ROOT, env)
      await runToEnd('migrate', node, migrate.args, { cwd: migrate.cwd, env: migrate.env, quiet: opts.quiet, timeoutMs: 300_000 })
    }
    // The seed (create-if-missing; in development it migrates first). Always in development mode: the seed refuses production.
    if (opts.seed !== false) {
      await runToEnd('seed', process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), 'seed/run.ts'], {
        cwd: path.join(ROOT, 'cms'),
        env: { ...env, NODE_ENV: 'development' },
        quiet: opts.quiet,
        timeoutMs: 300_000,
      })
    }
    if (opts.mode === 'prod' && opts.worker) {
      env.JOBS_AUTORUN = 'false'
      // The local sink speaks plain SMTP: a production build needs the operator's explicit allowance for it.
      const smtp = opts.worker.smtp
        ? { SMTP_HOST: opts.worker.smtp.host, SMTP_PORT: String(opts.worker.smtp.port), SMTP_ALLOW_PLAIN: 'true' }
        : {}
      children.push(spawnSpec(workerProcess(ROOT, { ...env, ...smtp, WORKER_METRICS_PORT: '0' })))
    }

    const cms =
      opts.mode === 'dev'
        ? run('cms', path.join(BIN, 'next'), ['dev', '--port', String(opts.ports.cms)], {
            cwd: path.join(ROOT, 'cms'),
            env,
            quiet: opts.quiet,
          })
        : (() => {
            const spec = cmsProcess(ROOT, env, { port: opts.ports.cms, host: '127.0.0.1' })
            // CMS_CPU_PROF=1: Next's CPU profiler, saved to cms/.next-profiles/ when the stack stops (how
            // the rush and the admin pages were profiled, docs/decisions/124).
            if (process.env.CMS_CPU_PROF) spec.args.push('--experimental-cpu-prof')
            return spawnSpec(spec)
          })()
    children.push(cms)
    const web =
      opts.mode === 'dev'
        ? run('web', path.join(BIN, 'remix'), ['vite:dev', '--port', String(opts.ports.web), '--strictPort'], {
            cwd: path.join(ROOT, 'web'),
            env,
            quiet: opts.quiet,
          })
        : // server.js (remix-serve's setup plus the socket address for per-IP limits) serves the
          // production build behind its request guard (web/server/build.js); a benchmark build as it is.
          spawnSpec(siteProcess(ROOT, env, { port: opts.ports.web, host: '127.0.0.1', buildDir: opts.webBuildDir }))
    children.push(web)

    await Promise.all([
      waitForHttp(`http://127.0.0.1:${opts.ports.cms}/api/globals/site-settings`, { timeoutMs: 240_000, child: cms }),
      waitForHttp(`http://127.0.0.1:${opts.ports.web}/healthz`, { timeoutMs: 240_000, child: web }),
    ])
    const services = children.flatMap((c) => (c.proc.pid ? [{ name: c.name, pid: c.proc.pid }] : []))
    return { webUrl, cmsUrl, issuerUrl: issuer?.url ?? null, databaseUrl, env, postgres: pg, services, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** What a second site and CMS need from a running stack's environment (its database, secrets, issuer). */
export const INSTANCE_ENV_KEYS = [
  'NODE_ENV',
  'DATABASE_URL',
  'PAYLOAD_SECRET',
  'SERVICE_KEY',
  'SESSION_SECRET',
  'CMS_PUBLIC_URL',
  'WEB_PUBLIC_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'GOOGLE_CLIENT_ID',
  'MOCKS',
  'MOCKS_I_UNDERSTAND',
  'NEXT_TELEMETRY_DISABLED',
  // Every instance enforces the same limits on the shared counters.
  'SIGN_IN_LIMIT_PER_IP',
  'SIGN_IN_LIMIT_PER_ACCOUNT',
  'WRITE_LIMITS_SCALE',
  'METRICS_TOKEN',
] as const

/**
 * A second CMS and a second site (production builds) on the same database and secrets as a running
 * stack, as a load balancer would see them (docs/decisions/113-shared-state-in-postgres.md): the
 * second site talks to the second CMS; the second CMS signals both sites, the first CMS only the
 * first site (so the second site learns of the first CMS's changes from the content versions).
 * The second CMS runs no jobs (the first does; either way each runs once).
 */
export async function startSecondInstances(opts: {
  env: NodeJS.ProcessEnv
  ports: { web: number; cms: number }
  firstWebUrl: string
  quiet?: boolean
}): Promise<{ webUrl: string; cmsUrl: string }> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME }
  for (const key of INSTANCE_ENV_KEYS) if (opts.env[key] !== undefined) base[key] = opts.env[key]
  const cmsInternal = `http://127.0.0.1:${opts.ports.cms}`
  const webInternal = `http://127.0.0.1:${opts.ports.web}`
  const node = productionNode()
  const cmsSpec = cmsProcess(
    ROOT,
    { ...base, JOBS_AUTORUN: 'false', WEB_INTERNAL_URL: `${opts.firstWebUrl},${webInternal}` },
    {
      port: opts.ports.cms,
      host: '127.0.0.1',
    },
  )
  const cms = run('cms2', node, cmsSpec.args, { cwd: cmsSpec.cwd, env: cmsSpec.env, quiet: opts.quiet })
  const webSpec = siteProcess(ROOT, { ...base, CMS_INTERNAL_URL: cmsInternal }, { port: opts.ports.web, host: '127.0.0.1' })
  const web = run('web2', node, webSpec.args, { cwd: webSpec.cwd, env: webSpec.env, quiet: opts.quiet })
  await Promise.all([
    waitForHttp(`${cmsInternal}/api/globals/site-settings`, { timeoutMs: 240_000, child: cms }),
    waitForHttp(`${webInternal}/healthz`, { timeoutMs: 240_000, child: web }),
  ])
  return { webUrl: `http://localhost:${opts.ports.web}`, cmsUrl: `http://localhost:${opts.ports.cms}` }
}
