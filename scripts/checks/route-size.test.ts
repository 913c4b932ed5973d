/**
 * No route file of the site over 300 lines (issue 34): a route module holds its loader, action
 * and page; the parts of a screen go to `web/app/components/<area>/` and its server code to a
 * `*.server.ts` beside the route, so a screen that grows grows there, by task.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROUTES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/app/routes')
const MAX_ROUTE_LINES = 300

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

/** Lines as an editor counts them (a final newline does not start another line). */
const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0))

/** Every source file under `dir` (route folders included) over the limit, with its length. */
function routesOver(dir: string): string[] {
  return filesUnder(dir)
    .filter((f) => /\.[cm]?[jt]sx?$/.test(f))
    .map((f) => ({ file: path.relative(dir, f), lines: lineCount(readFileSync(f, 'utf8')) }))
    .filter((f) => f.lines > MAX_ROUTE_LINES)
    .map((f) => `${f.file}: ${f.lines} lines`)
}

describe('route files', () => {
  it(`of the site are at most ${MAX_ROUTE_LINES} lines each`, () => {
    expect(filesUnder(ROUTES).length).toBeGreaterThan(10)
    expect(routesOver(ROUTES), 'split these by task: components in web/app/components/<area>/, server code in *.server.ts').toEqual([])
  })

  it('over the limit are found, in route folders too', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'route-size-'))
    try {
      const lines = (n: number) => `${Array.from({ length: n }, (_, i) => `// ${i}`).join('\n')}\n`
      writeFileSync(path.join(dir, 'ok.tsx'), lines(MAX_ROUTE_LINES))
      mkdirSync(path.join(dir, 'screen+'))
      writeFileSync(path.join(dir, 'screen+', 'route.tsx'), lines(MAX_ROUTE_LINES + 1))
      writeFileSync(path.join(dir, 'long.server.ts'), lines(MAX_ROUTE_LINES + 5))
      writeFileSync(path.join(dir, 'notes.md'), lines(1000))
      expect(routesOver(dir).sort()).toEqual(['long.server.ts: 305 lines', `${path.join('screen+', 'route.tsx')}: 301 lines`])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('are counted as an editor counts lines', () => {
    expect(lineCount('a\nb\n')).toBe(2)
    expect(lineCount('a\nb')).toBe(2)
    expect(lineCount('')).toBe(0)
  })
})
