/**
 * No import circle anywhere in the repository, and the layers of docs/architecture.md: the rules
 * are dependency-cruiser's, written in .dependency-cruiser.cjs. Each workspace is cruised with its
 * own tsconfig.json (the CMS resolves `@/`, the site `~/`); an import that leaves its workspace is
 * followed, so a circle through two of them is found too. A second test proves each rule fires on a
 * small tree that breaks it, so a rule that is mistyped or narrowed fails here instead of passing
 * everything.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from 'dependency-cruiser'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration

/** Workspaces, each cruised with its own tsconfig.json (paths relative to the repository root). */
const WORKSPACES: { dirs: string[]; tsconfig: string }[] = [
  { dirs: ['cms'], tsconfig: 'cms/tsconfig.json' },
  { dirs: ['web'], tsconfig: 'web/tsconfig.json' },
  { dirs: ['packages'], tsconfig: 'packages/shared/tsconfig.json' },
  { dirs: ['scripts', 'e2e', 'bench'], tsconfig: 'tsconfig.json' },
]

async function violations(baseDir: string, dirs: string[], tsconfig?: string): Promise<IViolation[]> {
  const tsConfigFile = tsconfig ? path.join(baseDir, tsconfig) : undefined
  const result = await cruise(
    dirs,
    {
      ...config.options,
      validate: true,
      baseDir,
      ruleSet: { forbidden: config.forbidden },
      ...(tsConfigFile ? { tsConfig: { fileName: tsConfigFile } } : {}),
    },
    undefined,
    // extract-ts-config resolves a relative name against the wrong folder: always absolute.
    tsConfigFile ? { tsConfig: extractTSConfig(tsConfigFile) } : undefined,
  )
  return (result.output as ICruiseResult).summary.violations
}

const describeViolation = (v: IViolation) =>
  `${v.rule.name}: ${v.from} -> ${v.to}${v.cycle?.length ? ` (circle: ${v.cycle.map((c) => c.name).join(' -> ')})` : ''}`

describe('imports (.dependency-cruiser.cjs)', () => {
  for (const { dirs, tsconfig } of WORKSPACES) {
    it(`${dirs.join(', ')}: no import circle, no layer broken`, async () => {
      const found = await violations(ROOT, dirs, tsconfig)
      expect(found.map(describeViolation)).toEqual([])
    }, 300_000)
  }

  describe('each rule fires', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'imports-'))
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    const place = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      writeFileSync(path.join(dir, file), text)
    }
    place('cms/lib/mail.ts', "import { x } from '../services/booking/createBooking'\nexport const m = x\n")
    place('cms/notifications/outbox.ts', "import { x } from '../services/booking/createBooking'\nexport const o = x\n")
    place('cms/services/booking/createBooking.ts', "import { c } from '../../collections/Bookings'\nexport const x = c\n")
    place('cms/services/booking/fillOpenSeats.ts', "import { j } from '../../jobs/time'\nexport const f = j\n")
    place('cms/services/plans/credits.ts', "import { r } from '../payments/refunds'\nexport const credits = r\n")
    place('cms/services/payments/refunds.ts', 'export const r = 1\n')
    place('cms/collections/Bookings.ts', 'export const c = 1\n')
    place('cms/jobs/time.ts', 'export const j = 1\n')
    place('web/app/a.ts', "import type { B } from './b'\nexport type A = B\n")
    place('web/app/b.ts', "import type { A } from './a'\nexport type B = { a?: A }\n")

    it('reports exactly the broken rules of a small tree', async () => {
      const found = (await violations(dir, ['cms', 'web'])).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()
      expect(found).toEqual([
        'core-calls-nothing-above-it: cms/services/plans/credits.ts -> cms/services/payments/refunds.ts',
        'lib-and-notifications-below-services: cms/lib/mail.ts -> cms/services/booking/createBooking.ts',
        'lib-and-notifications-below-services: cms/notifications/outbox.ts -> cms/services/booking/createBooking.ts',
        // A circle is reported once, from its first file.
        'no-circular: web/app/a.ts -> web/app/b.ts',
        'services-below-collections-and-jobs: cms/services/booking/createBooking.ts -> cms/collections/Bookings.ts',
        'services-below-collections-and-jobs: cms/services/booking/fillOpenSeats.ts -> cms/jobs/time.ts',
      ])
      for (const rule of config.forbidden ?? [])
        expect(
          found.some((f) => f.startsWith(`${rule.name}:`)),
          rule.name,
        ).toBe(true)
    }, 60_000)
  })
})
