/**
 * What differs between a production build of the site and a benchmark build (BENCH_ROUTES=1,
 * made by bench/stack.ts): the benchmark's yardstick routes (`app/routes/bench.*`, e.g.
 * `/bench/bare`) exist only in the latter, which goes to its own folder so it never stands in
 * for the production build.
 */
export const BENCH_ROUTE_FILES = ['**/bench.*']

export function siteBuildOptions(env: Record<string, string | undefined> = process.env) {
  const bench = env.BENCH_ROUTES === '1'
  return {
    ignoredRouteFiles: ['**/*.server.ts', '**/*.test.ts', '**/*.test.tsx', '**/.*', ...(bench ? [] : BENCH_ROUTE_FILES)],
    buildDirectory: bench ? 'build-bench' : 'build',
  }
}
