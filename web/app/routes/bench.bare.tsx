import type { MetaFunction } from '@remix-run/node'

/**
 * The benchmark's yardstick (bench/landing): a route that renders a static heading inside the
 * same layout, so `/` can be compared with the cheapest page this server can serve.
 */
export const meta: MetaFunction = () => [{ title: 'Benchmark baseline | MentorLoop' }, { name: 'robots', content: 'noindex' }]

export default function BenchBare() {
  return <h1 className="px-4 py-16 text-center text-3xl font-bold">MentorLoop</h1>
}
