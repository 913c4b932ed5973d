/**
 * `npm run backup [-- --out <folder>]`: a consistent backup of DATABASE_URL and the media folder
 * (docs/operations.md, "Backup"; docs/decisions/161), into a new folder:
 * - `database.dump`: `pg_dump -Fc` by the server's own major version, of one snapshot;
 * - `media.tar.gz`: MEDIA_DIR, taken after the dump (so every upload the dump names is in it);
 * - `manifest.json`: both files' SHA-256, every table's row count and the money totals read in the
 *   dump's snapshot, and each media file's checksum, which `npm run restore` checks.
 * Media in S3 (S3_BUCKET set) are not copied: the bucket's versioning and replication keep them.
 * Exits 1 with the reason (no matching pg_dump, database unreachable) and leaves no partial backup.
 */
// First: .env into process.env before anything reads it.
import '../lib/dotenv'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { create as createTar } from 'tar'
import {
  countRows,
  FILES,
  listFiles,
  MANIFEST_FORMAT,
  type Manifest,
  mediaFileSums,
  moneySummary,
  sha256File,
} from '../lib/backup/manifest'
import { findPgTool, runTool, serverVersion, splitCredentials } from '../lib/backup/pgTools'
import { parseEnv } from '../lib/env'

const { values } = parseArgs({ options: { out: { type: 'string' } } })
const env = parseEnv(process.env)
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z')
const out = path.resolve(values.out ?? process.env.BACKUP_DIR ?? 'backups', values.out ? '' : `mentorloop-${stamp}`)
const db = splitCredentials(env.DATABASE_URL)
/** Set once the (new or empty) folder is ours: only then does a failure remove it. */
let ours = false

async function backup(): Promise<Manifest> {
  if ((await readdir(out).catch(() => [])).length > 0) throw new Error(`${out} is not empty: give a new folder with --out`)
  const client = new pg.Client({ connectionString: env.DATABASE_URL })
  await client.connect()
  try {
    const server = await serverVersion(client)
    const pgDump = await findPgTool('pg_dump', server.major)
    await mkdir(out, { recursive: true })
    ours = true
    console.log(`Backing up ${db.display} (PostgreSQL ${server.version}) with ${pgDump.path} into ${out}`)

    // One snapshot for the counts and the dump: the figures in the manifest are the dump's.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
    const { rows } = await client.query<{ snapshot: string; name: string }>(
      'SELECT pg_export_snapshot() AS snapshot, current_database() AS name',
    )
    const tables = await countRows(client)
    const money = await moneySummary(client)
    const dumpFile = path.join(out, FILES.database)
    await runTool(pgDump, ['--format=custom', `--snapshot=${rows[0]!.snapshot}`, `--file=${dumpFile}`, `--dbname=${db.url}`], db.password)
    await client.query('COMMIT')

    const database = {
      file: FILES.database,
      ...(await sha256File(dumpFile)),
      name: rows[0]!.name,
      serverVersion: server.version,
      serverMajor: server.major,
      pgDumpVersion: pgDump.version,
      tables,
      money,
    }
    let media: Manifest['media']
    if (env.media.kind === 's3') {
      media = {
        storage: 's3',
        bucket: env.media.bucket,
        note: 'Media are in the S3 bucket: its versioning and replication back them up (docs/operations.md).',
      }
    } else {
      const dir = env.media.dir
      const files = await listFiles(dir)
      const archive = path.join(out, FILES.media)
      await createTar({ gzip: true, file: archive, cwd: dir, portable: true, noDirRecurse: true }, files)
      media = { storage: 'local', file: FILES.media, ...(await sha256File(archive)), files: await mediaFileSums(dir, files) }
    }
    const manifest: Manifest = { format: MANIFEST_FORMAT, createdAt: new Date().toISOString(), database, media }
    await writeFile(path.join(out, FILES.manifest), `${JSON.stringify(manifest, null, 2)}\n`)
    return manifest
  } finally {
    await client.end().catch(() => {})
  }
}

try {
  const manifest = await backup()
  const rowsTotal = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0)
  console.log(
    `Backup written: ${out}\n  database: ${manifest.database.bytes} bytes, ${Object.keys(manifest.database.tables).length} tables, ${rowsTotal} rows\n  media: ${
      manifest.media.storage === 'local'
        ? `${manifest.media.files.length} files, ${manifest.media.bytes} bytes`
        : `in S3 bucket ${manifest.media.bucket}`
    }`,
  )
  process.exit(0)
} catch (error) {
  // No half-written backup is left to be mistaken for a good one.
  if (ours) await rm(out, { recursive: true, force: true }).catch(() => {})
  console.error(`Backup failed: ${(error as Error).message}`)
  process.exit(1)
}
