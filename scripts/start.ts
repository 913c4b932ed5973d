/**
 * `npm start`: MentorLoop in production on one machine (docs/decisions/135-npm-start.md), from the
 * builds of `npm run build`, compiled to cms/dist/start.mjs and run by plain Node 22+:
 * 1. the release step: `migrate` (one runner under an advisory lock; exits non-zero on failure);
 * 2. the CMS, the site and the jobs worker, configured by the environment and `.env` as they are
 *    (the public URLs, ports and bind addresses are the operator's: CMS_PORT/CMS_HOST,
 *    WEB_PORT/HOST; nothing is rewritten), each checking its own configuration as it starts;
 * 3. supervision for a process manager: when any of them exits, the others are stopped and this
 *    exits 1 within seconds (systemd then restarts the whole, deploy/mentorloop.service); SIGTERM
 *    or SIGINT stops all three (the worker finishes its current step) and exits 0 when they did.
 * It needs a PostgreSQL server (DATABASE_URL): the embedded one is for development only.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import {
  cmsProcess,
  MIN_PRODUCTION_NODE_MAJOR,
  migrateProcess,
  missingBuilds,
  type ProcessSpec,
  siteProcess,
  workerProcess,
} from './lib/production'

/** The repository: npm runs scripts in it, and the compiled launcher sits in its cms/dist/. */
const ROOT = process.cwd()
const GRACE_MS = Number(process.env.STOP_GRACE_MS ?? 90_000)

const log = (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level, time: new Date().toISOString(), service: 'start', msg, ...fields }))

function fail(msg: string): never {
  log('error', msg)
  process.exit(1)
}

if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'))
const major = Number(process.versions.node.split('.')[0])
if (major < MIN_PRODUCTION_NODE_MAJOR) {
  fail(
    `Node ${process.versions.node} is past its end of life: production runs on Node ${MIN_PRODUCTION_NODE_MAJOR} or later (24 recommended)`,
  )
}
if (!existsSync(path.join(ROOT, 'cms/package.json')))
  fail('npm start runs from the repository (npm start, or node cms/dist/start.mjs there)')
const missing = missingBuilds(ROOT)
if (missing.length) fail(`Build first (npm run build): missing ${missing.join(', ')}`)
if (!process.env.DATABASE_URL) fail('DATABASE_URL is missing: production needs a PostgreSQL server (the embedded one is for development)')

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  // The worker runs the jobs; the CMS server none.
  JOBS_AUTORUN: 'false',
}
const cmsPort = Number(env.CMS_PORT ?? 3001)
const webPort = Number(env.WEB_PORT ?? 3000)
env.CMS_INTERNAL_URL ??= `http://127.0.0.1:${cmsPort}`
env.WEB_INTERNAL_URL ??= `http://127.0.0.1:${webPort}`

const running = new Map<string, ChildProcess>()
let stopping = false

function start(spec: ProcessSpec): ChildProcess {
  const child = spawn(process.execPath, spec.args, { cwd: spec.cwd, env: spec.env, stdio: 'inherit' })
  running.set(spec.name, child)
  child.on('exit', (code, signal) => {
    running.delete(spec.name)
    if (stopping) return
    log('error', `${spec.name} exited; stopping the others`, { process: spec.name, code, signal })
    void stopAll().then(() => process.exit(1))
  })
  return child
}

async function stopAll(): Promise<boolean> {
  stopping = true
  const children = [...running.entries()]
  const exits = children.map(
    ([name, child]) =>
      new Promise<boolean>((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode === 0)
        child.once('exit', (code) => {
          log(code === 0 ? 'info' : 'warn', `${name} stopped`, { process: name, code })
          resolve(code === 0)
        })
        child.kill('SIGTERM')
      }),
  )
  const timer = setTimeout(() => {
    for (const [name, child] of running) {
      log('error', `${name} did not stop in ${GRACE_MS / 1000} s; killing it`, { process: name })
      child.kill('SIGKILL')
    }
  }, GRACE_MS)
  const clean = (await Promise.all(exits)).every(Boolean)
  clearTimeout(timer)
  return clean
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    log('info', `${signal}: stopping`)
    void stopAll().then((clean) => process.exit(clean ? 0 : 1))
  })
}

const migrate = migrateProcess(ROOT, env)
const migrated = await new Promise<number | null>((resolve) => {
  const child = spawn(process.execPath, migrate.args, { cwd: migrate.cwd, env: migrate.env, stdio: 'inherit' })
  child.on('exit', (code) => resolve(code))
})
if (migrated !== 0) fail(`The release step (migrate) failed with exit code ${migrated}; nothing was started`)
if (stopping) process.exit(0)

start(cmsProcess(ROOT, env, { port: cmsPort, host: env.CMS_HOST ?? '0.0.0.0' }))
start(siteProcess(ROOT, env, { port: webPort, host: env.HOST ?? '0.0.0.0' }))
start(workerProcess(ROOT, env))
log('info', 'MentorLoop started', { site: env.WEB_PUBLIC_URL, cms: env.CMS_PUBLIC_URL, webPort, cmsPort })
