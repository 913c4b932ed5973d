import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type LocalIssuer, startLocalIssuer } from './oidc-issuer'
import { type PostgresServer, startPostgres } from './postgres'
import { type Child, run, runToEnd, stopAll, waitForHttp } from './processes'

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
}

export type Stack = {
  webUrl: string
  cmsUrl: string
  issuerUrl: string | null
  databaseUrl: string
  env: NodeJS.ProcessEnv
  /** The database server (the outage test stops and starts it). */
  postgres: PostgresServer
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
    const secrets = opts.randomSecrets ? { PAYLOAD_SECRET: secret(), SERVICE_KEY: secret(), SESSION_SECRET: secret() } : {}

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

    // Migrations, then the seed (create-if-missing). Always in development mode: the seed refuses production.
    if (opts.seed !== false) {
      const seed = () =>
        runToEnd('seed', process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), 'seed/run.ts'], {
          cwd: path.join(ROOT, 'cms'),
          env: { ...env, NODE_ENV: 'development' },
          quiet: opts.quiet,
          timeoutMs: 300_000,
        })
      // Migrations and seed are idempotent: one more try after a hung or crashed start.
      await seed().catch(seed)
    }

    const cms =
      opts.mode === 'dev'
        ? run('cms', path.join(BIN, 'next'), ['dev', '--port', String(opts.ports.cms)], {
            cwd: path.join(ROOT, 'cms'),
            env,
            quiet: opts.quiet,
          })
        : // CMS_CPU_PROF=1: Next's CPU profiler, saved to cms/.next-profiles/ when the stack stops (how
          // the rush and the admin pages were profiled, docs/decisions/124).
          run(
            'cms',
            path.join(BIN, 'next'),
            ['start', '--port', String(opts.ports.cms), ...(process.env.CMS_CPU_PROF ? ['--experimental-cpu-prof'] : [])],
            {
              cwd: path.join(ROOT, 'cms'),
              env,
              quiet: opts.quiet,
            },
          )
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
          run('web', process.execPath, ['server.js', opts.webBuildDir ? `./${opts.webBuildDir}/server/index.js` : './server/build.js'], {
            cwd: path.join(ROOT, 'web'),
            env: { ...env, PORT: String(opts.ports.web), HOST: '127.0.0.1' },
            quiet: opts.quiet,
          })
    children.push(web)

    await Promise.all([
      waitForHttp(`http://127.0.0.1:${opts.ports.cms}/api/globals/site-settings`, { timeoutMs: 240_000, child: cms }),
      waitForHttp(`http://127.0.0.1:${opts.ports.web}/healthz`, { timeoutMs: 240_000, child: web }),
    ])
    return { webUrl, cmsUrl, issuerUrl: issuer?.url ?? null, databaseUrl, env, postgres: pg, stop }
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
  const cms = run('cms2', path.join(BIN, 'next'), ['start', '--port', String(opts.ports.cms)], {
    cwd: path.join(ROOT, 'cms'),
    env: { ...base, JOBS_AUTORUN: 'false', WEB_INTERNAL_URL: `${opts.firstWebUrl},${webInternal}` },
    quiet: opts.quiet,
  })
  const web = run('web2', process.execPath, ['server.js', './server/build.js'], {
    cwd: path.join(ROOT, 'web'),
    env: { ...base, CMS_INTERNAL_URL: cmsInternal, PORT: String(opts.ports.web), HOST: '127.0.0.1' },
    quiet: opts.quiet,
  })
  await Promise.all([
    waitForHttp(`${cmsInternal}/api/globals/site-settings`, { timeoutMs: 240_000, child: cms }),
    waitForHttp(`${webInternal}/healthz`, { timeoutMs: 240_000, child: web }),
  ])
  return { webUrl: `http://localhost:${opts.ports.web}`, cmsUrl: `http://localhost:${opts.ports.cms}` }
}
