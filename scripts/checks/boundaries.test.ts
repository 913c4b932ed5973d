/**
 * The layer boundaries in biome.json (`noRestrictedImports` overrides) really fire: each fixture
 * in fixtures/boundaries is linted with the repository's own biome.json, placed where the rule
 * applies, and exactly its lines marked `// forbidden` must be reported, as errors. A rule that is
 * switched off, narrowed or turned into a warning fails here; so does a boundary without a fixture.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const HERE = path.dirname(fileURLToPath(import.meta.url))
const ROOT = path.resolve(HERE, '../..')
const FIXTURES = path.join(HERE, 'fixtures/boundaries')

/** fixture -> where it is placed (relative to the repository root) */
const CASES: Record<string, string[]> = {
  'site-imports-cms.ts': ['web/app/routes/fixture.tsx'],
  'shared-imports-ours.ts': ['packages/shared/src/fixture.ts'],
  'gateway-imports-services.ts': ['cms/payments/fixture.ts', 'cms/gateway/fixture.ts'],
  'access-imports-services.ts': ['cms/access/fixture.ts'],
  'lib-imports-services.ts': ['cms/lib/fixture.ts'],
}

type Override = { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } }
const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8')) as { overrides?: Override[] }
const boundaries = (config.overrides ?? []).filter((o) => o.linter?.rules?.style?.noRestrictedImports)

/**
 * Files a boundary exempts for now (`!path` in its includes). Each must still break the rule it is
 * exempt from, so the exemption is dropped as soon as the file is fixed.
 */
const exemptions = boundaries.flatMap((o) => o.includes.filter((g) => g.startsWith('!')).map((g) => g.slice(1)))

type Diagnostic = { category: string; severity: string; location: { path: string; start?: { line: number } } }

let dir: string
let diagnostics: Diagnostic[]

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'boundaries-'))
  cpSync(path.join(ROOT, 'biome.json'), path.join(dir, 'biome.json'))
  const place = (from: string, to: string) => {
    mkdirSync(path.dirname(path.join(dir, to)), { recursive: true })
    writeFileSync(path.join(dir, to), readFileSync(from))
  }
  for (const [fixture, targets] of Object.entries(CASES)) {
    for (const target of targets) place(path.join(FIXTURES, fixture), target)
  }
  // An exempt file copied beside itself under another name, where the rule applies to it.
  for (const file of exemptions) place(path.join(ROOT, file), exemptCopy(file))
  let out: string
  try {
    out = execFileSync(path.join(ROOT, 'node_modules/.bin/biome'), ['lint', '--reporter=json', '--max-diagnostics=none', '.'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    // Exits 1 when it reports errors, which is the point.
    out = (error as { stdout: string }).stdout
  }
  diagnostics = (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics.filter(
    (d) => d.category === 'lint/style/noRestrictedImports',
  )
}, 60_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const exemptCopy = (file: string) => path.join(path.dirname(file), `exempt-copy-${path.basename(file)}`)

/** The import specifier on each reported line of one placed file. */
function reported(target: string): string[] {
  const lines = readFileSync(path.join(dir, target), 'utf8').split('\n')
  return diagnostics
    .filter((d) => d.location.path === target)
    .map((d) => specifier(lines[(d.location.start?.line ?? 0) - 1] ?? ''))
    .sort()
}

const specifier = (line: string) => /['"]([^'"]+)['"]/.exec(line)?.[1] ?? line

describe('layer boundaries (biome.json noRestrictedImports)', () => {
  for (const [fixture, targets] of Object.entries(CASES)) {
    const lines = readFileSync(path.join(FIXTURES, fixture), 'utf8').split('\n')
    const forbidden = lines
      .filter((l) => l.endsWith('// forbidden'))
      .map(specifier)
      .sort()

    for (const target of targets) {
      it(`${target}: reports exactly the forbidden imports of ${fixture}`, () => {
        expect(forbidden.length).toBeGreaterThan(0)
        expect(reported(target)).toEqual(forbidden)
        for (const d of diagnostics.filter((x) => x.location.path === target)) expect(d.severity).toBe('error')
      })
    }
  }

  it('every boundary in biome.json has a fixture placed where it applies', () => {
    const placed = Object.values(CASES).flat()
    for (const boundary of boundaries) {
      for (const glob of boundary.includes.filter((g) => !g.startsWith('!'))) {
        const prefix = glob.replace(/\/\*\*$/, '/')
        expect(
          placed.some((p) => p.startsWith(prefix)),
          `no fixture under ${glob}`,
        ).toBe(true)
      }
    }
  })

  it('every file a boundary exempts still breaks it (else drop the exemption from biome.json)', () => {
    for (const file of exemptions) expect(reported(exemptCopy(file)), file).not.toEqual([])
  })
})
