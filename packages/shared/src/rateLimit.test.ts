import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rateLimit'

describe('createRateLimiter (sliding window)', () => {
  it('allows max hits per window, then refuses with the seconds until the oldest hit leaves', () => {
    const limiter = createRateLimiter({ windowMs: 60_000, max: 3 })
    const t0 = 1_000_000
    expect(limiter.hit('ip:1', t0)).toEqual({ ok: true, remaining: 2 })
    expect(limiter.hit('ip:1', t0 + 1_000)).toEqual({ ok: true, remaining: 1 })
    expect(limiter.hit('ip:1', t0 + 2_000)).toEqual({ ok: true, remaining: 0 })
    expect(limiter.hit('ip:1', t0 + 10_000)).toEqual({ ok: false, retryAfterSeconds: 50 })
    // Other keys are counted apart.
    expect(limiter.hit('ip:2', t0 + 10_000).ok).toBe(true)
  })

  it('slides: once the oldest hit is out of the window, one more is allowed', () => {
    const limiter = createRateLimiter({ windowMs: 60_000, max: 2 })
    limiter.hit('k', 0)
    limiter.hit('k', 30_000)
    expect(limiter.hit('k', 59_999).ok).toBe(false)
    expect(limiter.hit('k', 60_001).ok).toBe(true)
    expect(limiter.hit('k', 60_002).ok).toBe(false)
  })

  it('refused attempts do not extend the block forever', () => {
    const limiter = createRateLimiter({ windowMs: 10_000, max: 1 })
    limiter.hit('k', 0)
    for (let t = 1_000; t < 10_000; t += 1_000) expect(limiter.hit('k', t).ok).toBe(false)
    expect(limiter.hit('k', 10_001).ok).toBe(true)
  })

  it('keeps memory bounded when flooded with distinct keys', () => {
    const limiter = createRateLimiter({ windowMs: 60_000, max: 5, maxKeys: 100 })
    for (let i = 0; i < 1_000; i++) limiter.hit(`ip:${i}`, i)
    expect(limiter.size).toBeLessThanOrEqual(100)
    // The most recent keys are still counted.
    for (let n = 0; n < 4; n++) limiter.hit('ip:999', 2_000)
    expect(limiter.hit('ip:999', 2_000).ok).toBe(false)
  })

  it('reset forgets one key or all', () => {
    const limiter = createRateLimiter({ windowMs: 60_000, max: 1 })
    limiter.hit('a', 0)
    limiter.hit('b', 0)
    limiter.reset('a')
    expect(limiter.hit('a', 1).ok).toBe(true)
    expect(limiter.hit('b', 1).ok).toBe(false)
    limiter.reset()
    expect(limiter.size).toBe(0)
  })
})
