import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import { describe, expect, it } from 'vitest'
import { siteBuildOptions } from './build-options'

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'app')

/** The URL paths Remix's own route discovery finds with these options (as the vite plugin does). */
function routePaths(env: Record<string, string | undefined>): string[] {
  const manifest = flatRoutes(appDir, siteBuildOptions(env).ignoredRouteFiles)
  return Object.values(manifest).map((r) => r.path ?? '')
}

describe('site build options', () => {
  it('a production build has no /bench/bare (it answers 404)', () => {
    const paths = routePaths({})
    expect(paths).toContain('mentors')
    expect(paths.filter((p) => p.startsWith('bench'))).toEqual([])
    expect(siteBuildOptions({}).buildDirectory).toBe('build')
  })

  it('a benchmark build (BENCH_ROUTES=1) has /bench/bare, in its own folder', () => {
    expect(routePaths({ BENCH_ROUTES: '1' })).toContain('bench/bare')
    expect(siteBuildOptions({ BENCH_ROUTES: '1' }).buildDirectory).toBe('build-bench')
  })

  it('server modules and tests are never routes', () => {
    const files = Object.values(flatRoutes(appDir, siteBuildOptions({ BENCH_ROUTES: '1' }).ignoredRouteFiles)).map((r) => r.file)
    expect(files.filter((f) => /\.server\.|\.test\./.test(f))).toEqual([])
  })
})
