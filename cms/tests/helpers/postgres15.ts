import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type PostgresServer, startPostgres } from '../../../scripts/lib/postgres'
import { runScript } from './compiledScripts'

/**
 * The machine's own PostgreSQL (a server installed apart from ours, with its own client tools):
 * the backup test dumps and restores real databases there (docs/operations.md, "Restore drill").
 * PostgreSQL 15 at 127.0.0.1:5432 with trust auth on this machine kind (`.ci/run` installs the
 * client tools when they are missing); BACKUP_TEST_SERVER_URL names another one.
 */
export const SERVER_URL = process.env.BACKUP_TEST_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const PREFIX = 'mlbackup'

const databases: string[] = []
const folders: string[] = []

/** startPostgres with a server URL starts nothing: it only speaks to that server. */
const onServer = (): Promise<PostgresServer> => startPostgres({ dataDir: '', port: 0, serverUrl: SERVER_URL })

/** A database of its own on that server, with a name `npm test` recognises as this run's (and drops when the run's process is gone). */
export async function scratchDatabase(label: string): Promise<{ name: string; url: string }> {
  const s = await onServer()
  const name = `${PREFIX}_${process.pid}_${Date.now().toString(36)}_${label}`
  await s.createDatabase(name)
  databases.push(name)
  return { name, url: s.url(name) }
}

export function scratchFolder(label: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `mentorloop-${label}-`))
  folders.push(dir)
  return dir
}

/**
 * For `await vi.hoisted(...)` at the top of a test file, before anything reads DATABASE_URL or
 * MEDIA_DIR: a migrated database on that server and an empty media folder become this file's.
 */
export async function usePostgres15(): Promise<void> {
  const s = await onServer()
  await s.dropStaleDatabases(PREFIX)
  const source = await scratchDatabase('source')
  const migrated = await runScript(
    'migrate',
    [],
    { ...process.env, DATABASE_URL: source.url, NODE_ENV: 'test', LOG_LEVEL: 'warn', JOBS_AUTORUN: 'false' },
    420_000,
  )
  if (migrated.code !== 0) throw new Error(`migrate failed (exit ${migrated.code}):\n${migrated.output.slice(-4000)}`)
  process.env.DATABASE_URL = source.url
  process.env.MEDIA_DIR = scratchFolder('media')
}

/** Drops this file's databases and folders (after its Payload has closed its pool). */
export async function dropScratch(): Promise<void> {
  const s = await onServer()
  for (const name of databases.splice(0)) await s.dropDatabase(name).catch(() => {})
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
}
