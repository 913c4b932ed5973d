/**
 * `npm run restore -- --from <backup folder>`: puts a backup made by `npm run backup` back
 * (docs/operations.md, "Restore drill"; docs/decisions/161), into the EMPTY database at
 * DATABASE_URL and the EMPTY media folder (MEDIA_DIR): it refuses anything else, so it can never
 * overwrite live data. In order: the files' checksums against the manifest (a damaged backup is
 * refused before anything is written); `pg_restore` of the target server's major version, in one
 * transaction (all or nothing); the media archive unpacked; then the result checked against the
 * manifest: every table's row count, the money totals and every media file's checksum. Exits 0
 * only when all of it agrees. Then `npm run migrate` brings the schema up to the code's version.
 */
// First: .env into process.env before anything reads it.
import '../lib/dotenv'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { extract } from 'tar'
import {
  compareCounts,
  countRows,
  FILES,
  isEmptyDir,
  listFiles,
  MANIFEST_FORMAT,
  type Manifest,
  mediaFileSums,
  moneySummary,
  sha256File,
} from '../lib/backup/manifest'
import { findPgTool, runTool, serverVersion, splitCredentials } from '../lib/backup/pgTools'
import { parseEnv } from '../lib/env'

const { values } = parseArgs({ options: { from: { type: 'string' } } })
const env = parseEnv(process.env)
const db = splitCredentials(env.DATABASE_URL)

async function readManifest(from: string): Promise<Manifest> {
  const text = await readFile(path.join(from, FILES.manifest), 'utf8').catch(() => {
    throw new Error(`${path.join(from, FILES.manifest)} not found: --from must name a folder written by npm run backup`)
  })
  const manifest = JSON.parse(text) as Manifest
  if (manifest.format !== MANIFEST_FORMAT)
    throw new Error(`Unknown backup format ${JSON.stringify(manifest.format)} (this code reads ${MANIFEST_FORMAT})`)
  return manifest
}

async function checkFile(from: string, expected: { file: string; bytes: number; sha256: string }): Promise<void> {
  const actual = await sha256File(path.join(from, expected.file)).catch(() => null)
  if (!actual) throw new Error(`${expected.file} is missing from the backup`)
  if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
    throw new Error(`${expected.file} does not match the manifest's checksum: the backup is damaged; restore another one`)
  }
}

async function restore(from: string): Promise<string[]> {
  const manifest = await readManifest(from)
  await checkFile(from, manifest.database)
  if (manifest.media.storage === 'local') await checkFile(from, manifest.media)

  const client = new pg.Client({ connectionString: env.DATABASE_URL })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string; name: string }>(
      `SELECT count(*) AS n, current_database() AS name FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_toast%' AND s.nspname NOT LIKE 'pg\\_temp%'
          AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
    )
    if (Number(rows[0]!.n) > 0) {
      throw new Error(
        `The database ${rows[0]!.name} is not empty (${rows[0]!.n} tables, views or sequences): a restore goes only into an empty database. Create one (CREATE DATABASE …) and point DATABASE_URL at it.`,
      )
    }
    const mediaDir = env.media.kind === 'local' ? env.media.dir : null
    if (manifest.media.storage === 'local' && mediaDir && !(await isEmptyDir(mediaDir))) {
      throw new Error(`The media folder ${mediaDir} is not empty: a restore goes only into an empty folder (set MEDIA_DIR to a new one).`)
    }
    const server = await serverVersion(client)
    if (server.major < manifest.database.serverMajor) {
      throw new Error(
        `The backup is of PostgreSQL ${manifest.database.serverVersion}; restore it into PostgreSQL ${manifest.database.serverMajor} or newer, not ${server.version}`,
      )
    }
    const pgRestore = await findPgTool('pg_restore', server.major)
    console.log(`Restoring ${from} into ${db.display} (PostgreSQL ${server.version}) with ${pgRestore.path}`)
    await runTool(
      pgRestore,
      ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${db.url}`, path.join(from, FILES.database)],
      db.password,
    )

    const problems: string[] = []
    problems.push(...compareCounts('table', manifest.database.tables, await countRows(client)))
    const money = await moneySummary(client)
    problems.push(...compareCounts('payments', manifest.database.money.payments, money.payments))
    problems.push(...compareCounts('refund requests', manifest.database.money.refundRequests, money.refundRequests))

    if (manifest.media.storage === 'local') {
      if (!mediaDir) {
        problems.push(
          'the backup has media files, but this environment keeps media in S3: restore them with MEDIA_DIR set and S3_* unset, then copy them to the bucket',
        )
      } else {
        await mkdir(mediaDir, { recursive: true })
        // node-tar refuses absolute paths and `..` in entries unless told otherwise: nothing lands outside the folder.
        await extract({ file: path.join(from, FILES.media), cwd: mediaDir })
        const restored = Object.fromEntries((await mediaFileSums(mediaDir, await listFiles(mediaDir))).map((f) => [f.path, f.sha256]))
        const expected = Object.fromEntries(manifest.media.files.map((f) => [f.path, f.sha256]))
        problems.push(...compareCounts('media file', expected, restored))
      }
    } else {
      console.log(`Media: in S3 bucket ${manifest.media.bucket} (not part of this backup).`)
    }
    return problems
  } finally {
    await client.end().catch(() => {})
  }
}

if (!values.from) {
  console.error('usage: npm run restore -- --from <backup folder>   (into the empty database DATABASE_URL and the empty MEDIA_DIR)')
  process.exit(2)
}
try {
  const problems = await restore(path.resolve(values.from))
  if (problems.length > 0) {
    console.error(`Restore finished, but it does not match the backup:\n  ${problems.join('\n  ')}`)
    process.exit(1)
  }
  console.log('Restore verified: every table’s row count, the money totals and every media file match the manifest.')
  console.log('Next: npm run migrate (applies migrations newer than the backup), then start the CMS, the site and the worker.')
  process.exit(0)
} catch (error) {
  console.error(`Restore refused or failed: ${(error as Error).message}`)
  process.exit(1)
}
