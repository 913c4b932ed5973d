import { afterEach, describe, expect, it, vi } from 'vitest'

const load = async () => {
  vi.resetModules()
  const mod = await import('./next.config')
  return (await mod.default.headers!()) as {
    source: string
    has?: { key: string; value: string }[]
    headers: { key: string; value: string }[]
  }[]
}

afterEach(() => vi.unstubAllEnvs())

describe('CMS security headers', () => {
  it('/admin and the API forbid framing by others, sniffing, and full referrers', async () => {
    const rules = await load()
    const all = rules.find((r) => r.source === '/:path*' && !r.has)!
    const headers = Object.fromEntries(all.headers.map((h) => [h.key, h.value]))
    expect(headers['Content-Security-Policy']).toBe("frame-ancestors 'self'")
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  })

  it('sends HSTS only from production builds, on HTTPS requests', async () => {
    vi.stubEnv('NODE_ENV', 'development')
    expect((await load()).some((r) => r.headers.some((h) => h.key === 'Strict-Transport-Security'))).toBe(false)
    vi.stubEnv('NODE_ENV', 'production')
    const hsts = (await load()).find((r) => r.headers.some((h) => h.key === 'Strict-Transport-Security'))!
    expect(hsts.has).toEqual([{ type: 'header', key: 'x-forwarded-proto', value: 'https' }])
  })
})
