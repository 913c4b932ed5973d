/**
 * The import rules of the whole repository (docs/architecture.md, docs/decisions/190), checked in
 * `npm test` by scripts/checks/imports.test.ts, which cruises each workspace with its own
 * tsconfig.json (the CMS's `@/`, the site's `~/`). Paths are relative to the repository root.
 *
 * The core of the CMS's services owns the seat and money state: seats, credits and refunds as
 * decisions over rows, each in the caller's transaction. Entry points (booking, payments, batches
 * and the time step, the mentor's home, admin actions, the workers that drain queues) call down
 * into it; it calls nothing above it. A consequence for another part (a refund to send, an e-mail,
 * a seat freed) is a row the core writes and a queue drains, never a call back up.
 */

/** The core: every other file of cms/services is above it. Keep in step with docs/architecture.md. */
const CORE = [
  '^cms/services/seats/',
  '^cms/services/plans/credits\\.ts$',
  '^cms/services/batches/(batches|rules|emails|seating|passedOver)\\.ts$',
  '^cms/services/booking/(seats|releaseSeat|errors|dbErrors|emails|mentorEmails)\\.ts$',
  '^cms/services/payments/(approveRefund|settleRefund)\\.ts$',
  '^cms/services/notices/',
  '^cms/services/time/',
]

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import circle anywhere, type-only imports included: a circle means no file in it can be read or changed alone. ' +
        'Move the shared part down (or into its own module) instead of importing back up.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-and-notifications-below-services',
      severity: 'error',
      comment: 'cms/lib and cms/notifications are plumbing below the services: they know no business rule.',
      from: { path: '^cms/(lib|notifications)/' },
      to: { path: '^cms/services/' },
    },
    {
      name: 'services-below-collections-and-jobs',
      severity: 'error',
      comment:
        'Services are called by collections (hooks, endpoints) and jobs, never the reverse: what both need goes in ' +
        'packages/shared, cms/lib or the service itself.',
      from: { path: '^cms/services/' },
      to: { path: '^cms/(collections|jobs)/' },
    },
    {
      name: 'core-calls-nothing-above-it',
      severity: 'error',
      comment:
        'The core (seats, credits, refund decisions) calls no entry point: a consequence elsewhere is a row it writes ' +
        '(a refund request and its job, an outbox e-mail) that a queue drains.',
      from: { path: CORE },
      to: { path: '^cms/services/', pathNot: CORE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      // Sources only: builds (any of them, the benchmarks' site build too), caches and data are not ours to read.
      path: [
        'node_modules',
        '(^|/)\\.(next|turbo|cache|data)/',
        '(^|/)(build|build-bench|dist)/',
        '^(test-results|playwright-report)',
        '^bench/results/',
        '^scripts/checks/fixtures/',
      ],
    },
    // Type-only imports count: a circle through types is still a circle for the reader.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.jsx'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    // Only files of ours: a package's own files are not cruised.
    includeOnly: '^(cms|web|packages|scripts|e2e|bench)/',
  },
}
