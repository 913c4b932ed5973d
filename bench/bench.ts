/**
 * What a benchmark is: its default export returns its figures (bench/run.ts runs them). Its own
 * module, so the runner and the benchmarks it imports both depend on it instead of on each other.
 */
export type BenchResult = Record<string, unknown> & { ok: boolean; summary: string }
export type Bench = () => Promise<BenchResult>
