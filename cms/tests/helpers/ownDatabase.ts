import pg from 'pg'

/** Runs one statement on the test server's maintenance database. */
async function onServer(databaseUrl: string, sql: string): Promise<void> {
  const url = new URL(databaseUrl)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/**
 * Points this test file at a migrated database of its own, cloned from the run's template
 * (tests/globalSetup.ts), for files whose scheduled jobs sweep every row with a moved clock: in the
 * shared database they would start, expire and e-mail other files' batches and offers. It must
 * run before anything reads DATABASE_URL (cms/lib/env.ts reads it once): call it from
 * `await vi.hoisted(...)` at the top of the file. The run's teardown drops the copy (after this
 * file's Payload has closed its pool).
 */
export async function useOwnDatabase(): Promise<void> {
  const template = process.env.TEST_TEMPLATE_DATABASE
  const shared = process.env.DATABASE_URL
  if (!template || !shared) throw new Error('TEST_TEMPLATE_DATABASE is not set: run integration tests through the int project')
  const url = new URL(shared)
  const name = `${url.pathname.slice(1)}_own_${process.pid}`
  await onServer(shared, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  await onServer(shared, `CREATE DATABASE "${name}" TEMPLATE "${template}"`)
  url.pathname = `/${name}`
  process.env.DATABASE_URL = url.toString()
}
