import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { candidateDirs, findPgTool, parseToolVersion, splitCredentials } from './pgTools'

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pgtools-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** A folder with a `pg_dump` that says it is of `version`, as the real one does. */
function toolsOf(version: string): string {
  const dir = path.join(tmp, version)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'pg_dump')
  writeFileSync(file, `#!/bin/sh\necho "pg_dump (PostgreSQL) ${version} (Debian ${version}-1)"\n`)
  chmodSync(file, 0o755)
  return dir
}

describe('finding the pg_dump of the server’s major version', () => {
  it('reads the version the tools print', () => {
    expect(parseToolVersion('pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)')).toEqual({ version: '15.20', major: 15 })
    expect(parseToolVersion('pg_restore (PostgreSQL) 17.6')).toEqual({ version: '17.6', major: 17 })
    expect(parseToolVersion('something else')).toBeNull()
  })

  it('looks where the distributions put each major version, then on PATH; PG_BIN_DIR alone when set', () => {
    expect(candidateDirs(15, { PATH: '/usr/bin:/bin' })).toEqual([
      '/usr/lib/postgresql/15/bin',
      '/usr/pgsql-15/bin',
      '/opt/homebrew/opt/postgresql@15/bin',
      '/usr/local/opt/postgresql@15/bin',
      '/usr/bin',
      '/bin',
    ])
    expect(candidateDirs(15, { PG_BIN_DIR: '/opt/pg/bin', PATH: '/usr/bin' })).toEqual(['/opt/pg/bin'])
  })

  it('takes a tool of the same major version and refuses another one, saying what to install', async () => {
    const found = await findPgTool('pg_dump', 16, { PG_BIN_DIR: toolsOf('16.4') })
    expect(found).toEqual({ path: path.join(tmp, '16.4', 'pg_dump'), version: '16.4', major: 16 })
    const error = (await findPgTool('pg_dump', 17, { PATH: `${toolsOf('15.20')}:${toolsOf('16.4')}` }).catch((e: Error) => e)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(/No pg_dump of PostgreSQL 17 \(the server's major version\) was found/)
    expect(error.message).toMatch(/Found, but of another version: .*pg_dump \(PostgreSQL 15\.20\), .*pg_dump \(PostgreSQL 16\.4\)/)
    expect(error.message).toMatch(/postgresql-client-17/)
    expect(error.message).toMatch(/embedded development database ships no pg_dump/)
  })
})

describe('credentials', () => {
  it('the password goes to the tools apart (PGPASSWORD), never in their arguments or a message', () => {
    expect(splitCredentials('postgres://app:s%40cret@db.internal:5432/mentorloop?sslmode=require')).toEqual({
      url: 'postgres://app@db.internal:5432/mentorloop?sslmode=require',
      password: 's@cret',
      display: 'postgres://app@db.internal:5432/mentorloop',
    })
    expect(splitCredentials('postgres://postgres@127.0.0.1:5432/x').password).toBeUndefined()
  })
})
