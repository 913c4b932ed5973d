import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COMMITTED_MIGRATIONS } from '../../lib/migrations/status'
import { productionEnv, runScript } from '../helpers/compiledScripts'

/**
 * Migrations as a release step (docs/decisions/131): `npm run migrate` (the compiled script, on
 * production's Node) against a database of its own. Three runs at once on an empty database all
 * exit 0 and apply each migration once (the advisory lock); `migrate status` says pending or
 * current by its exit code; `migrate down` undoes the last batch and `migrate` applies it again.
 */
const serverUrl = (() => {
  const u = new URL(process.env.DATABASE_URL!)
  u.pathname = '/postgres'
  return u.toString()
})()
const database = `test_${process.pid}_release_${Date.now().toString(36)}`
const dbUrl = (() => {
  const u = new URL(serverUrl)
  u.pathname = `/${database}`
  return u.toString()
})()

async function query<T extends pg.QueryResultRow>(text: string, url = dbUrl): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

beforeAll(async () => {
  await query(`CREATE DATABASE "${database}"`, serverUrl)
})
afterAll(async () => {
  await query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`, serverUrl)
})

describe('npm run migrate', () => {
  it('three runs at once on an empty database: all exit 0, each migration applied once', { timeout: 600_000 }, async () => {
    const env = productionEnv(dbUrl)
    const status = await runScript('migrate', ['status'], env)
    expect(status.code, status.output).toBe(3)
    expect(status.output).toContain(`${COMMITTED_MIGRATIONS.length} migration(s) pending`)

    const runs = await Promise.all([runScript('migrate', [], env), runScript('migrate', [], env), runScript('migrate', [], env)])
    for (const run of runs) expect(run.code, run.output).toBe(0)
    const rows = await query<{ name: string; n: string }>('SELECT name, count(*) AS n FROM payload_migrations GROUP BY name')
    expect(rows.map((r) => r.name).sort()).toEqual([...COMMITTED_MIGRATIONS].sort())
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true)
    // One runner applied them; the others waited on the lock and found nothing to do.
    expect(runs.filter((r) => r.output.includes('Migrations applied')).length).toBe(1)
    expect(runs.filter((r) => r.output.includes('the database is current')).length).toBe(2)

    const current = await runScript('migrate', ['status'], env)
    expect(current.code, current.output).toBe(0)
    expect(current.output).toContain('the database is current')
  })

  it('down undoes the last batch, and migrate applies it again', { timeout: 600_000 }, async () => {
    const env = productionEnv(dbUrl)
    // The last release's migration as its own batch: a database one release behind, then upgraded.
    const last = COMMITTED_MIGRATIONS.at(-1)!
    await query(`UPDATE payload_migrations SET batch = 2 WHERE name = '${last}'`)
    const down = await runScript('migrate', ['down'], env)
    expect(down.code, down.output).toBe(0)
    const pending = await runScript('migrate', ['status'], env)
    expect(pending.code).toBe(3)
    expect(pending.output).toContain(`PENDING  ${last}`)
    const up = await runScript('migrate', [], env)
    expect(up.code, up.output).toBe(0)
    expect(await query('SELECT name FROM payload_migrations')).toHaveLength(COMMITTED_MIGRATIONS.length)
  })

  it('refuses to start with a bad production configuration, changing nothing', { timeout: 300_000 }, async () => {
    const run = await runScript('migrate', [], { ...productionEnv(dbUrl), SMTP_HOST: '' })
    expect(run.code).not.toBe(0)
    expect(run.output).toMatch(/Refusing to start in production[\s\S]*SMTP_HOST is missing/)
  })
})
