import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { faqs } from '../../seed/content/faqs'
import { pages } from '../../seed/content/pages'
import { siteSettings } from '../../seed/content/siteSettings'
import { plans } from '../../seed/plans'
import { productionEnv, runScript } from '../helpers/compiledScripts'

/**
 * `npm run content:init` as an operator runs it: the compiled script on production's Node, as a child process, against a
 * database of its own (the run's shared test database is never empty), in production mode with
 * production-like settings (no MOCKS). Covers: loads the defaults into an empty, unmigrated
 * database; creates no users; two runs at once load the content once, and the other refuses with
 * exit 3 and a clear message (content exists), changing nothing. Each run starts Payload: slow.
 */
const EXIT_CONTENT_EXISTS = 3

const serverUrl = (() => {
  const u = new URL(process.env.DATABASE_URL!)
  u.pathname = '/postgres'
  return u.toString()
})()
const dbUrl = (name: string) => {
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return u.toString()
}
// `test_<pid>_…`: the harness drops it if this run dies before afterAll.
const databases = [`test_${process.pid}_ci_${Date.now().toString(36)}`, `test_${process.pid}_cj_${Date.now().toString(36)}`]

async function admin<T>(fn: (c: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const contentInit = (database: string) => runScript('content-init', [], productionEnv(dbUrl(database)))

type Counts = Record<'plans' | 'faqs' | 'pages' | 'testimonials' | 'mentors' | 'users' | 'settings', number>

const counts = (database: string): Promise<Counts> =>
  admin(async (c) => {
    const n = async (q: string) => Number((await c.query<{ n: string }>(q)).rows[0]!.n)
    return {
      plans: await n(`SELECT count(*) AS n FROM plans WHERE _status = 'published'`),
      faqs: await n(`SELECT count(*) AS n FROM faqs WHERE _status = 'published'`),
      pages: await n(`SELECT count(*) AS n FROM pages WHERE _status = 'published'`),
      testimonials: await n('SELECT count(*) AS n FROM testimonials'),
      mentors: await n('SELECT count(*) AS n FROM mentors'),
      users: await n('SELECT count(*) AS n FROM users'),
      settings: await n(`SELECT count(*) AS n FROM site_settings WHERE seo_title = '${siteSettings.seoTitle}' AND _status = 'published'`),
    }
  }, dbUrl(database))

const LOADED: Counts = { plans: plans.length, faqs: faqs.length, pages: pages.length, testimonials: 0, mentors: 0, users: 0, settings: 1 }

beforeAll(async () => {
  await admin(async (c) => {
    for (const db of databases) await c.query(`CREATE DATABASE ${c.escapeIdentifier(db)}`)
  })
})

afterAll(async () => {
  await admin(async (c) => {
    for (const db of databases) await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(db)} WITH (FORCE)`)
  })
})

describe('npm run content:init', () => {
  it('loads the default content into an empty, unmigrated database and creates no users', { timeout: 420_000 }, async () => {
    const result = await contentInit(databases[0]!)
    expect(result.output).toContain('content:init: loaded')
    expect(result.code).toBe(0)
    expect(await counts(databases[0]!)).toEqual(LOADED)
  })

  it('loads the content once when two runs start together; the other refuses, changing nothing', async () => {
    // Migrated first, as a database that `npm start` has already started on.
    const migrated = await runScript('migrate', [], productionEnv(dbUrl(databases[1]!)))
    expect(migrated.code, migrated.output).toBe(0)
    // The first admin, made at /admin before content:init: people are not content.
    await admin((c) => c.query(`INSERT INTO users (email) VALUES ('first-admin@example.com')`), dbUrl(databases[1]!))
    const results = await Promise.all([contentInit(databases[1]!), contentInit(databases[1]!)])
    expect(results.map((r) => r.code).sort()).toEqual([0, EXIT_CONTENT_EXISTS])
    // The second waited on the lock, then found the first one's content.
    const refused = results.find((r) => r.code === EXIT_CONTENT_EXISTS)!
    expect(refused.output).toMatch(/content:init refused: The database already has content \(.*4 plans.*\).*nothing was changed/)
    expect(await counts(databases[1]!)).toEqual({ ...LOADED, users: 1 })
  }, 900_000)
})
