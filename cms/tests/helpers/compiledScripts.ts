import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileScripts } from '../../../scripts/lib/compile.mjs'
import { productionNode } from '../../../scripts/lib/node-lts'

/**
 * The production scripts as production runs them (docs/decisions/130): compiled by the same
 * esbuild step as `npm run build`, run by plain Node 24 with no TypeScript loader, as child
 * processes. Compiled once per test process into cms/.cache/test-scripts/.
 */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const OUT = path.join(ROOT, 'cms/.cache/test-scripts', String(process.pid))
const SOURCES = {
  migrate: 'cms/scripts/migrate.ts',
  'content-init': 'cms/scripts/content-init.ts',
  worker: 'cms/scripts/worker.ts',
  backup: 'cms/scripts/backup.ts',
  restore: 'cms/scripts/restore.ts',
}
export type ScriptName = keyof typeof SOURCES

let compiling: Promise<void> | null = null

export async function compiledScript(name: ScriptName): Promise<string> {
  compiling ??= compileScripts({
    entries: Object.fromEntries(Object.entries(SOURCES).map(([n, f]) => [n, path.join(ROOT, f)])),
    outdir: OUT,
    sourcemap: 'inline',
  })
  await compiling
  return path.join(OUT, `${name}.mjs`)
}

export type ScriptRun = { code: number; output: string }

/** Runs a compiled script to its end (a hang guard at `timeoutMs`, which fails the test: nothing is started again). */
export async function runScript(name: ScriptName, args: string[], env: NodeJS.ProcessEnv, timeoutMs = 240_000): Promise<ScriptRun> {
  const file = await compiledScript(name)
  return new Promise((resolve) => {
    const child = execFile(
      productionNode(),
      [file, ...args],
      { cwd: path.join(ROOT, 'cms'), env, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const killed = error?.signal === 'SIGKILL'
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, output: `${stdout}\n${stderr}${killed ? `\n[killed after ${timeoutMs} ms]` : ''}` })
      },
    )
    // Nothing may wait for an answer on stdin (a prompt would hang until the time limit).
    child.stdin?.end()
  })
}

const secret = () => randomBytes(32).toString('hex')

/**
 * A production configuration with nothing wrong in it (every check of docs/decisions/134 passes),
 * for scripts run against `databaseUrl`: real-looking providers, nothing reached (no site runs; no
 * e-mail is sent by these scripts).
 */
export const productionEnv = (databaseUrl: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  PAYLOAD_SECRET: secret(),
  SERVICE_KEY: secret(),
  CMS_PUBLIC_URL: 'https://cms.mentorloop.example',
  WEB_PUBLIC_URL: 'https://mentorloop.example',
  GOOGLE_CLIENT_ID: 'test-client.apps.googleusercontent.com',
  RAZORPAY_KEY_ID: 'rzp_live_scripttest',
  RAZORPAY_KEY_SECRET: secret(),
  RAZORPAY_WEBHOOK_SECRET: secret(),
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '9',
  // No site runs here: the revalidation call is refused at once.
  WEB_INTERNAL_URL: 'http://127.0.0.1:9',
  MOCKS: '',
  LOG_LEVEL: 'info',
})
