import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The integration tests set their scene through one fixture, tests/fixtures (issue 34): the
 * database (`setUpWorld`, `world()`), the clock (`setNow`, `resetClock`) and the Payload request
 * (`reqAs`, `inRequestTransaction`). A file that gets Payload, fakes the clock or builds a request
 * itself starts a second way of doing it; this check names it.
 */
const CMS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Files that start no Payload of their own, so there is no scene for the fixture to set. */
const WITHOUT_FIXTURE: Record<string, string> = {
  'tests/int/batchesMigration.int.test.ts': 'runs the committed migrations on a bare database of its own; no Payload starts',
  'tests/int/contentInit.int.test.ts': 'runs the compiled content script in child processes, as production does; no Payload in the test',
  'tests/int/releaseStep.int.test.ts': 'runs the compiled release step in child processes on a bare database; no Payload in the test',
}

/** What the fixture does, done by hand instead. */
const BY_HAND: [RegExp, string][] = [
  [/\btestPayload\(/, 'testPayload(): use setUpWorld() in beforeAll, or world()'],
  [/\bcreateLocalReq\(/, 'createLocalReq(): use reqAs(user?) or inRequestTransaction()'],
  [/\bvi\.setSystemTime\(/, 'vi.setSystemTime(): use setNow()'],
  [/\bvi\.useFakeTimers\(/, 'vi.useFakeTimers(): use setNow() (and resetClock after)'],
]

/** Why a test file's text does not go through the fixture: empty when it does. */
function fixtureBreaches(text: string, opts: { exempt?: boolean } = {}): string[] {
  const breaches = BY_HAND.filter(([pattern]) => pattern.test(text)).map(([, why]) => why)
  if (!opts.exempt && !/from '(\.\.\/)+fixtures'/.test(text)) breaches.push('does not import tests/fixtures: set up with setUpWorld()')
  return breaches
}

/** Every `*.int.test.ts` below cms/, relative to it (what the int project runs; build output and dependencies left out). */
function intTests(dir = ''): string[] {
  return readdirSync(path.join(CMS, dir), { withFileTypes: true })
    .flatMap((e) => {
      const rel = dir ? `${dir}/${e.name}` : e.name
      if (e.isDirectory()) return ['node_modules', '.next', 'dist'].includes(e.name) ? [] : intTests(rel)
      return e.name.endsWith('.int.test.ts') ? [rel] : []
    })
    .sort()
}

describe('the integration tests set their scene through tests/fixtures', () => {
  it('no file gets Payload, fakes the clock or builds a request itself (the files without Payload excepted, with the reason)', () => {
    const files = intTests()
    expect(files.length).toBeGreaterThan(50)
    const breaches = Object.fromEntries(
      files
        .map((f) => [f, fixtureBreaches(readFileSync(path.join(CMS, f), 'utf8'), { exempt: f in WITHOUT_FIXTURE })] as const)
        .filter(([, why]) => why.length > 0),
    )
    expect(breaches).toEqual({})
  })

  it('every file excepted still exists and still starts no Payload', () => {
    for (const f of Object.keys(WITHOUT_FIXTURE)) {
      const text = readFileSync(path.join(CMS, f), 'utf8')
      expect(fixtureBreaches(text, { exempt: true }), f).toEqual([])
      expect(/getPayload|\bpayload\.config\b/.test(text), `${f} starts Payload: use the fixture`).toBe(false)
    }
  })

  it('names what a file does by hand', () => {
    const byHand = `
      import { createLocalReq } from 'payload'
      import { testPayload } from '../helpers/payload'
      beforeAll(async () => { payload = await testPayload() })
      it('moves the clock', async () => {
        vi.useFakeTimers({ toFake: ['Date'] })
        vi.setSystemTime(Date.now() + 60_000)
        await createBooking(await createLocalReq({}, payload), { userId: 1, mentorId: 2 })
      })`
    expect(fixtureBreaches(byHand)).toEqual([
      'testPayload(): use setUpWorld() in beforeAll, or world()',
      'createLocalReq(): use reqAs(user?) or inRequestTransaction()',
      'vi.setSystemTime(): use setNow()',
      'vi.useFakeTimers(): use setNow() (and resetClock after)',
      'does not import tests/fixtures: set up with setUpWorld()',
    ])
    const throughTheFixture = `
      import { reqAs, resetClock, setNow, setUpWorld } from '../fixtures'
      beforeAll(async () => ({ payload } = await setUpWorld()))
      afterEach(resetClock)
      it('moves the clock', async () => {
        setNow(Date.now() + 60_000)
        await createBooking(await reqAs(), { userId: 1, mentorId: 2 })
      })`
    expect(fixtureBreaches(throughTheFixture)).toEqual([])
  })
})
