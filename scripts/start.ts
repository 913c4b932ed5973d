/**
 * `npm start`: the production builds (`npm run build` first) on one machine, against DATABASE_URL
 * or embedded PostgreSQL. Migrations run as the CMS starts (Payload prodMigrations). Needs real
 * secrets and providers in .env, or MOCKS=true with MOCKS_I_UNDERSTAND=yes-this-is-not-production to try
 * the builds with the offline stand-ins on this machine.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import { killAllNow } from './lib/processes'
import { ROOT, startStack } from './lib/stack'

if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'))

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
let stopStack: (() => Promise<void>) | null = null
exitHook((done: () => void) => {
  killAllNow()
  void (stopStack?.() ?? Promise.resolve()).catch(() => {}).then(done)
})

try {
  const stack = await startStack({
    mode: 'prod',
    ports: { web: port('WEB_PORT', 3000), cms: port('CMS_PORT', 3001), oidc: port('OIDC_PORT', 3003), pg: port('PG_PORT', 54329) },
    pgDataDir: path.join(ROOT, '.data/postgres'),
    database: 'mentorloop',
    // MOCKS alone reaches the servers as set, and they refuse it without the second opt-in.
    mocks: process.env.MOCKS === 'true' && process.env.MOCKS_I_UNDERSTAND === 'yes-this-is-not-production',
    seed: false,
  })
  stopStack = stack.stop
  console.log(`\nMentorLoop (production build) on ${stack.webUrl} — CMS ${stack.cmsUrl}/admin. Ctrl-C stops it.\n`)
} catch (error) {
  console.error(`\nCould not start: ${(error as Error).message}`)
  killAllNow()
  process.exit(1)
}
