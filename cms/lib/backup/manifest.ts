import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'

/**
 * What a backup holds and how to check it (docs/decisions/161): the dump and the media archive with
 * their SHA-256, each table's row count and the money totals read in the dump's own snapshot, and
 * every media file's checksum. A restore checks the files before it starts and the database and
 * media against these figures after it ends.
 */
export const MANIFEST_FORMAT = 'mentorloop-backup/1'
export const FILES = { manifest: 'manifest.json', database: 'database.dump', media: 'media.tar.gz' } as const

export type FileSum = { file: string; bytes: number; sha256: string }
export type MoneySummary = {
  /** Per payment status: how many, and their amount in paise. */
  payments: Record<string, { count: number; paise: number }>
  /** Per refund request status: how many. */
  refundRequests: Record<string, number>
}
export type Manifest = {
  format: typeof MANIFEST_FORMAT
  createdAt: string
  database: FileSum & {
    name: string
    serverVersion: string
    serverMajor: number
    pgDumpVersion: string
    tables: Record<string, number>
    money: MoneySummary
  }
  media:
    | (FileSum & { storage: 'local'; files: { path: string; bytes: number; sha256: string }[] })
    | { storage: 's3'; bucket: string; note: string }
}

export async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer)
    bytes += (chunk as Buffer).length
  }
  return { bytes, sha256: hash.digest('hex') }
}

/** Every table outside PostgreSQL's own schemas, as "schema.table". */
export async function userTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1`,
  )
  return rows.map((r) => r.name)
}

/** Row counts of every table, in the client's current transaction (the backup's snapshot). */
export async function countRows(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const name of await userTables(client)) {
    const [schema, table] = name.split('.') as [string, string]
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`,
    )
    counts[name] = Number(rows[0]!.n)
  }
  return counts
}

/** The money as the product keeps it: payments by status with their sums, refund requests by status. */
export async function moneySummary(client: pg.Client): Promise<MoneySummary> {
  const payments = await client.query<{ status: string; count: string; paise: string | null }>(
    'SELECT status::text AS status, count(*) AS count, sum(amount) AS paise FROM payments GROUP BY 1 ORDER BY 1',
  )
  const refunds = await client.query<{ status: string; count: string }>(
    'SELECT status::text AS status, count(*) AS count FROM refund_requests GROUP BY 1 ORDER BY 1',
  )
  return {
    payments: Object.fromEntries(payments.rows.map((r) => [r.status, { count: Number(r.count), paise: Number(r.paise ?? 0) }])),
    refundRequests: Object.fromEntries(refunds.rows.map((r) => [r.status, Number(r.count)])),
  }
}

/** Every file under `dir` (relative paths, sorted), or none when the folder does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  const walk = async (rel: string) => {
    const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' && rel === '') return []
      throw error
    })
    for (const entry of entries) {
      const child = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) await walk(child)
      else if (entry.isFile()) out.push(child)
    }
  }
  await walk('')
  return out.sort()
}

export async function mediaFileSums(dir: string, files: string[]): Promise<{ path: string; bytes: number; sha256: string }[]> {
  const sums = []
  for (const file of files) sums.push({ path: file, ...(await sha256File(path.join(dir, file))) })
  return sums
}

/** Differences between what a manifest says and what is there (empty: they agree). */
export function compareCounts<T>(label: string, expected: Record<string, T>, actual: Record<string, T>): string[] {
  const problems: string[] = []
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const want = JSON.stringify(expected[key] ?? null)
    const got = JSON.stringify(actual[key] ?? null)
    if (want !== got) problems.push(`${label} ${key}: the backup has ${want}, the restore ${got}`)
  }
  return problems
}

export async function isEmptyDir(dir: string): Promise<boolean> {
  const info = await stat(dir).catch(() => null)
  if (!info) return true
  if (!info.isDirectory()) return false
  return (await readdir(dir)).length === 0
}
