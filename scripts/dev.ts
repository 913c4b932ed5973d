/**
 * `npm run dev`: the whole product on a fresh machine. Real PostgreSQL (embedded, data in
 * .data/postgres, or DATABASE_URL), migrations and seed, the local OpenID issuer (unless
 * GOOGLE_CLIENT_ID), the CMS and the site with hot reload. Ctrl-C stops all of it.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import exitHook from 'async-exit-hook'
import { FILLER_STUDENTS, PERSONAS, SEED_PASSWORD } from '../cms/seed/personas'
import { killAllNow } from './lib/processes'
import { ROOT, startStack } from './lib/stack'

if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'))

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)
const started = Date.now()

let stopping: Promise<void> | null = null
let stopStack: (() => Promise<void>) | null = null
exitHook((done: () => void) => {
  killAllNow()
  stopping ??= (stopStack?.() ?? Promise.resolve()).catch(() => {})
  void stopping.then(done)
})

try {
  const stack = await startStack({
    mode: 'dev',
    ports: {
      web: port('WEB_PORT', 3000),
      cms: port('CMS_PORT', 3001),
      oidc: port('OIDC_PORT', 3003),
      pg: port('PG_PORT', 54329),
    },
    pgDataDir: path.join(ROOT, '.data/postgres'),
    database: 'mentorloop',
  })
  stopStack = stack.stop
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const rows = [
    ...Object.values(PERSONAS).map((p) => [
      p.roles.join(', '),
      p.email,
      p.password ? `password "${SEED_PASSWORD}" at /admin; also Google sign-in on the site` : 'Google sign-in on the site',
    ]),
    ['student (fills a batch)', FILLER_STUDENTS.map((f) => f.email).join(', '), 'Google sign-in on the site'],
  ]
  console.log(`
\x1b[1mMentorLoop is running\x1b[0m (ready in ${seconds}s)

  Site          ${stack.webUrl}
  CMS admin     ${stack.cmsUrl}/admin
  CMS REST API  ${stack.cmsUrl}/api
  Sign-in       ${stack.issuerUrl ? `local OpenID issuer at ${stack.issuerUrl} (Google's stand-in)` : 'Google'}
  Payments      ${process.env.RAZORPAY_KEY_ID ? 'Razorpay' : 'sandbox checkout (no real money)'}
  Database      ${stack.databaseUrl.replace(/:[^:@/]+@/, ':***@')}

  Seeded accounts:
${rows.map(([role, email, how]) => `    ${role.padEnd(24)} ${email}\n    ${''.padEnd(24)} ${how}`).join('\n')}

  Ctrl-C stops everything.
`)
} catch (error) {
  console.error(`\n\x1b[31mCould not start:\x1b[0m ${(error as Error).message}`)
  killAllNow()
  await stopStack?.()
  process.exit(1)
}
