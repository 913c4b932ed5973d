import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * How each production process is started, in one place: `npm start` (scripts/start.ts, compiled
 * to cms/dist/start.mjs), the browser tests' production stack (scripts/lib/stack.ts) and the
 * production smoke test use these, and the Dockerfiles run the same files (checked by
 * scripts/checks/deploy.test.ts). Every one is compiled JavaScript run by plain `node`
 * (docs/decisions/130-compiled-scripts.md): the CMS and the site are Next's and Remix's builds,
 * the rest are cms/dist/*.mjs from `npm run build`.
 */
export type ProcessSpec = { name: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv }

/** The oldest Node major production runs on: an LTS line still maintained (24; 22 until April 2027). */
export const MIN_PRODUCTION_NODE_MAJOR = 22

/**
 * How long the CMS and the site keep an idle kept-alive connection open (web/server.js sets the
 * same). Longer than the proxy in front keeps one (deploy/Caddyfile: 55 s; a cloud load balancer:
 * 60 s), so the proxy always lets go first: otherwise the server closes a connection just as the
 * proxy sends the next request on it, and that request meets a reset, a 502 to the visitor. Node's
 * default, which `next start` keeps unless told, is 5 s.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

export const compiled = (root: string, name: string) => path.join(root, 'cms/dist', `${name}.mjs`)

/** What `npm run build` leaves that production needs; the ones missing. */
export function missingBuilds(root: string): string[] {
  const needed = [
    path.join(root, 'cms/.next/BUILD_ID'),
    path.join(root, 'web/build/server/index.js'),
    compiled(root, 'worker'),
    compiled(root, 'migrate'),
  ]
  return needed.filter((p) => !existsSync(p)).map((p) => path.relative(root, p))
}

export function migrateProcess(root: string, env: NodeJS.ProcessEnv, command: 'up' | 'status' | 'down' = 'up'): ProcessSpec {
  return { name: 'migrate', args: [compiled(root, 'migrate'), command], cwd: path.join(root, 'cms'), env }
}

export function cmsProcess(root: string, env: NodeJS.ProcessEnv, opts: { port: number; host: string }): ProcessSpec {
  return {
    name: 'cms',
    args: [
      path.join(root, 'node_modules/next/dist/bin/next'),
      'start',
      '--port',
      String(opts.port),
      '--hostname',
      opts.host,
      '--keepAliveTimeout',
      String(KEEP_ALIVE_TIMEOUT_MS),
    ],
    cwd: path.join(root, 'cms'),
    // Our SIGTERM handler (drain, close, exit 0) instead of Next's exit 143 (cms/lib/observability/shutdown.ts).
    env: { ...env, NEXT_MANUAL_SIG_HANDLE: 'true' },
  }
}

export function siteProcess(root: string, env: NodeJS.ProcessEnv, opts: { port: number; host: string; buildDir?: string }): ProcessSpec {
  const entry = opts.buildDir ? `./${opts.buildDir}/server/index.js` : './server/build.js'
  return { name: 'web', args: ['server.js', entry], cwd: path.join(root, 'web'), env: { ...env, PORT: String(opts.port), HOST: opts.host } }
}

export function workerProcess(root: string, env: NodeJS.ProcessEnv): ProcessSpec {
  return { name: 'worker', args: [compiled(root, 'worker')], cwd: path.join(root, 'cms'), env }
}
