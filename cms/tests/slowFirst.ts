import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The integration files that take longest, longest first (measured: `npm run test:int`, quiet
 * machine, 29 Nov 2026). Vitest orders files by its cache of past durations; a clean clone (CI)
 * has none, and there it ran files by name, so the one-test, 56-second model check started last and
 * three of four forks waited for it (decision 207). Started first, it runs beside the rest. A file
 * missing from the list only runs in Vitest's own order; a stale entry costs nothing.
 */
export const SLOWEST_FIRST = [
  'model.int',
  'jobsRunOnce.int',
  'bookingApi.int',
  'seatOffers.int',
  'discountCodes.int',
  'ratings.int',
  'releaseStep.int',
  'accessMatrix.int',
  'monthEnds.int',
  'payments.refundStates.int',
  'writeLimits.int',
  'bookingSessions.int',
]

const rank = (file: TestSpecification) => {
  const i = SLOWEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.test.ts`))
  return i < 0 ? SLOWEST_FIRST.length : i
}

export default class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Stable: within the unlisted files, Vitest's own order (its cache when there is one).
    return (await super.sort(files))
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file)
  }
}
