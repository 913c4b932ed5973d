import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type pg from 'pg'

const run = promisify(execFile)

/**
 * PostgreSQL's own client tools for the server at hand (docs/decisions/161): `pg_dump` refuses a
 * server of a newer major version, and an older one's dump of a newer server is not guaranteed
 * to restore, so backup and restore use the tools of the server's own major version, found where
 * the distributions put them, or in PG_BIN_DIR when set.
 */
export type PgTool = 'pg_dump' | 'pg_restore'
export type FoundTool = { path: string; version: string; major: number }

/** `pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)` -> 15.20 / 15. */
export function parseToolVersion(output: string): { version: string; major: number } | null {
  const m = /\(PostgreSQL\)\s+(\d+)(?:\.(\d+))?/.exec(output)
  if (!m) return null
  return { version: m[2] ? `${m[1]}.${m[2]}` : m[1]!, major: Number(m[1]) }
}

/** Where to look for the tools of `major`, in order: PG_BIN_DIR alone when set, else the usual places, then PATH. */
export function candidateDirs(major: number, env: Record<string, string | undefined> = process.env): string[] {
  if (env.PG_BIN_DIR) return [env.PG_BIN_DIR]
  return [
    `/usr/lib/postgresql/${major}/bin`, // Debian, Ubuntu
    `/usr/pgsql-${major}/bin`, // RHEL, Fedora (PGDG)
    `/opt/homebrew/opt/postgresql@${major}/bin`, // macOS, Homebrew
    `/usr/local/opt/postgresql@${major}/bin`,
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean),
  ]
}

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first `tool` of the server's major version, or an Error saying where it looked and what to do. */
export async function findPgTool(tool: PgTool, major: number, env: Record<string, string | undefined> = process.env): Promise<FoundTool> {
  const seen: string[] = []
  for (const dir of [...new Set(candidateDirs(major, env))]) {
    const file = path.join(dir, tool)
    if (!executable(file)) continue
    const { stdout } = await run(file, ['--version']).catch(() => ({ stdout: '' }))
    const version = parseToolVersion(stdout)
    if (version?.major === major) return { path: file, ...version }
    seen.push(`${file} (${version ? `PostgreSQL ${version.version}` : 'no version'})`)
  }
  throw new Error(
    [
      `No ${tool} of PostgreSQL ${major} (the server's major version) was found.`,
      seen.length
        ? `Found, but of another version: ${seen.join(', ')}.`
        : `Looked in ${candidateDirs(major, env).slice(0, 4).join(', ')} and PATH.`,
      `Install PostgreSQL ${major}'s client tools (Debian/Ubuntu: apt-get install postgresql-client-${major}, from the PostgreSQL apt repository if your release lacks it) or point PG_BIN_DIR at their bin folder.`,
      "The embedded development database ships no pg_dump: see docs/operations.md, 'The embedded database'.",
    ].join('\n'),
  )
}

/** The server's major version (`server_version_num` 150020 -> 15) and its version text. */
export async function serverVersion(client: pg.Client): Promise<{ major: number; version: string }> {
  const { rows } = await client.query<{ num: string; version: string }>(
    "SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version",
  )
  return { major: Math.floor(Number(rows[0]!.num) / 10_000), version: rows[0]!.version.split(' ')[0]! }
}

/**
 * A connection URL without its password, plus the password apart: the tools get it through
 * PGPASSWORD, so it never shows in the process list (`ps`) or in a message.
 */
export function splitCredentials(url: string): { url: string; password: string | undefined; display: string } {
  const u = new URL(url)
  const password = u.password ? decodeURIComponent(u.password) : undefined
  u.password = ''
  const display = `${u.protocol}//${u.username ? `${u.username}@` : ''}${u.host}${u.pathname}`
  return { url: u.toString(), password, display }
}

/** Runs a PostgreSQL tool with the password in its environment; its error output in the thrown error. */
export async function runTool(tool: FoundTool, args: string[], password: string | undefined): Promise<void> {
  try {
    await run(tool.path, args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const e = error as { stderr?: string; message: string }
    throw new Error(`${path.basename(tool.path)} failed: ${(e.stderr || e.message).trim()}`)
  }
}
