/**
 * Every environment variable the code reads is listed in .env.example (an assignment line,
 * commented or not: `# NAME=...`), so .env.example stays the one list of configuration.
 *
 * Read means `process.env.NAME`, `process.env['NAME']`, a parsed env object's `env.NAME`, and the
 * keys of the zod env schemas; a pure write (`process.env.NAME = ...`, `delete process.env.NAME`)
 * is not a read. Tests, test set-up and benchmarks count too: their variables sit in .env.example's
 * test section. Not seen: reads through a computed name (`process.env[name]`), so keep names literal.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(HERE, '../..')

const SCANNED = ['cms', 'web', 'packages', 'scripts', 'bench', 'e2e']
const SKIPPED_DIRS = new Set(['node_modules', '.next', '.turbo', 'build', 'build-bench', 'fixtures', 'dist', '.cache'])
const SOURCE = /\.(ts|tsx|mts|mjs|js|cjs)$/
const SKIPPED_FILES = new Set([fileURLToPath(import.meta.url)])
const ENV_SCHEMAS = ['cms/lib/env.ts', 'web/app/utils/env.server.ts']

/** Set by the tools that run our code, not configuration a deployment chooses. */
const ALLOWED: Record<string, string> = {
  NODE_ENV: 'set by next, remix, vitest and our stack launcher per mode, never by hand in .env',
  NEXT_PHASE: 'set by next itself while it builds (the CMS starts no background work then)',
  NEXT_RUNTIME: 'set by next itself: the runtime (nodejs or edge) an instrumentation hook runs in',
  NEXT_MANUAL_SIG_HANDLE: "set by our launchers and the CMS image for next start: our SIGTERM handler instead of Next's exit 143",
  PATH: "the system's, passed on to the processes our stack launcher starts",
  HOME: "the system's, passed on to the processes our stack launcher starts",
  E2E_SERVICE_KEY: 'set by e2e/global-setup.ts for the specs from the stack it started, never by hand',
  E2E_INSTANCE_ENV: 'set by e2e/global-setup.ts for the specs from the stack it started, never by hand',
}

const READ = /\benv(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full)
    return SOURCE.test(entry.name) && !SKIPPED_FILES.has(full) ? [full] : []
  })
}

/** name -> the files that read it */
function readsInCode(): Map<string, Set<string>> {
  const reads = new Map<string, Set<string>>()
  const add = (name: string, file: string) => {
    if (!reads.has(name)) reads.set(name, new Set())
    reads.get(name)!.add(path.relative(ROOT, file))
  }
  for (const file of SCANNED.flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(READ)) {
      const before = text.slice(Math.max(0, match.index - 20), match.index)
      const after = text.slice(match.index + match[0].length)
      const write = /^\s*=(?!=)/.test(after) || /\bdelete\s+(?:process\.)?$/.test(before)
      if (!write) add((match[1] ?? match[2])!, file)
    }
  }
  for (const schema of ENV_SCHEMAS) {
    const text = readFileSync(path.join(ROOT, schema), 'utf8')
    const body = text.slice(text.indexOf('z.object({'))
    for (const match of body.matchAll(/^ {2}([A-Z][A-Z0-9_]*): z\./gm)) add(match[1]!, path.join(ROOT, schema))
  }
  return reads
}

function listedInEnvExample(): Set<string> {
  const text = readFileSync(path.join(ROOT, '.env.example'), 'utf8')
  return new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!))
}

describe('.env.example', () => {
  const reads = readsInCode()
  const listed = listedInEnvExample()

  it('lists every environment variable the code reads', () => {
    const missing = [...reads.keys()]
      .filter((name) => !listed.has(name) && !(name in ALLOWED))
      .sort()
      .map((name) => `${name} (read in ${[...reads.get(name)!].join(', ')})`)
    expect(missing, 'add these to .env.example with a one-line explanation').toEqual([])
  })

  it('the scan finds what it should (a scan that finds nothing proves nothing)', () => {
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'CONTENT_CACHE_TTL', 'MEDIA_DIR', 'E2E_PORT_BASE', 'BENCH_ROUTES']) {
      expect(reads.has(name), name).toBe(true)
    }
    expect(listed.has('DATABASE_URL')).toBe(true)
  })

  it('allows only variables the code still reads', () => {
    expect(Object.keys(ALLOWED).filter((name) => !reads.has(name))).toEqual([])
  })
})
