import { afterEach, describe, expect, it, vi } from 'vitest'
import { cached, clearContentCache, invalidate } from './content-cache.server'

afterEach(() => {
  vi.useRealTimers()
  clearContentCache()
})

describe('content cache', () => {
  it('calls the loader once for concurrent misses and serves from memory while fresh', async () => {
    const load = vi.fn(async () => 'v1')
    const opts = { ttlMs: 1000, tags: ['faqs'] as const }
    expect(await Promise.all([cached('k', opts, load), cached('k', opts, load)])).toEqual(['v1', 'v1'])
    expect(await cached('k', opts, load)).toBe('v1')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('serves a stale value while refreshing it in the background, and keeps it if the refresh fails', async () => {
    vi.useFakeTimers()
    let n = 0
    const load = vi.fn(async () => `v${++n}`)
    const opts = { ttlMs: 1000, tags: ['plans'] as const }
    expect(await cached('k', opts, load)).toBe('v1')
    vi.advanceTimersByTime(1001)
    expect(await cached('k', opts, load)).toBe('v1')
    await vi.runAllTimersAsync()
    expect(await cached('k', opts, load)).toBe('v2')
    vi.advanceTimersByTime(1001)
    const failing = vi.fn(async () => {
      throw new Error('CMS down')
    })
    expect(await cached('k', opts, failing)).toBe('v2')
    await vi.runAllTimersAsync()
    expect(await cached('k', opts, failing)).toBe('v2')
  })

  it('drops entries by tag, and a fetch that started before the drop is not stored', async () => {
    let release!: (v: string) => void
    const slow = () => new Promise<string>((r) => (release = r))
    const opts = { ttlMs: 60_000, tags: ['faqs'] as const }
    const first = cached('k', opts, slow)
    expect(invalidate(['plans'])).toBe(0)
    expect(invalidate(['faqs'])).toBe(1)
    release('old')
    expect(await first).toBe('old')
    expect(await cached('k', opts, async () => 'new')).toBe('new')
  })

  it('does not cache a failure', async () => {
    const opts = { ttlMs: 60_000, tags: ['pages'] as const }
    await expect(cached('p', opts, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await cached('p', opts, async () => 'ok')).toBe('ok')
  })

  it('keeps at most `max` entries of a group, dropping the oldest, and leaves other entries alone', async () => {
    const other = vi.fn(async () => 'faq')
    await cached('faqs', { ttlMs: 60_000, tags: ['faqs'] }, other)
    const opts = { ttlMs: 60_000, tags: ['mentors'], group: { name: 'directory', max: 2 } }
    const load = vi.fn(async () => 'page')
    for (const k of ['d1', 'd2', 'd3']) await cached(k, opts, load)
    expect(load).toHaveBeenCalledTimes(3)
    await cached('d3', opts, load)
    await cached('d2', opts, load)
    expect(load).toHaveBeenCalledTimes(3)
    // d1 was the oldest: gone.
    await cached('d1', opts, load)
    expect(load).toHaveBeenCalledTimes(4)
    await cached('faqs', { ttlMs: 60_000, tags: ['faqs'] }, other)
    expect(other).toHaveBeenCalledTimes(1)
  })
})
