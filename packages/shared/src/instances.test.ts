import { describe, expect, it } from 'vitest'
import { type ContentVersions, createContentVersionWatcher, signInGuardRequestSchema } from './instances'

describe('content version watcher (one per site instance)', () => {
  function setup(intervalMs = 5_000) {
    let t = 0
    let calls = 0
    let versions: ContentVersions = { faqs: 1, mentors: 4 }
    let failing = false
    const changes: string[][] = []
    const watcher = createContentVersionWatcher({
      intervalMs,
      now: () => t,
      fetchVersions: async () => {
        calls++
        if (failing) throw new Error('CMS down')
        return { ...versions }
      },
      onChange: (tags) => changes.push(tags),
    })
    return {
      watcher,
      changes,
      calls: () => calls,
      move: (ms: number) => (t += ms),
      set: (v: ContentVersions) => (versions = v),
      fail: (f: boolean) => (failing = f),
    }
  }

  it('asks at most once per interval, and drops only the tags whose version moved (or appeared)', async () => {
    const s = setup()
    await s.watcher.sync()
    expect(s.changes).toEqual([]) // the first answer is the baseline
    s.set({ faqs: 2, mentors: 4, plans: 1 })
    s.move(4_999)
    await s.watcher.sync()
    expect(s.calls()).toBe(1)
    expect(s.changes).toEqual([])
    s.move(1)
    await s.watcher.sync()
    expect(s.calls()).toBe(2)
    expect(s.changes).toEqual([['faqs', 'plans']])
  })

  it('concurrent readers share one call', async () => {
    const s = setup()
    await Promise.all([s.watcher.sync(), s.watcher.sync(), s.watcher.sync()])
    expect(s.calls()).toBe(1)
  })

  it('a CMS that does not answer changes nothing, and is asked again after the interval', async () => {
    const s = setup()
    await s.watcher.sync()
    s.fail(true)
    s.set({ faqs: 9, mentors: 4 })
    s.move(5_000)
    await expect(s.watcher.sync()).resolves.toBeUndefined()
    expect(s.changes).toEqual([])
    s.fail(false)
    s.move(5_000)
    await s.watcher.sync()
    expect(s.changes).toEqual([['faqs']])
  })
})

describe('content version watcher, CMS down at start-up', () => {
  it('once the versions are known, whatever was cached without them is dropped', async () => {
    let up = false
    const changes: string[][] = []
    let t = 0
    const watcher = createContentVersionWatcher({
      now: () => t,
      fetchVersions: async () => {
        if (!up) throw new Error('CMS down')
        return { faqs: 3, plans: 1 }
      },
      onChange: (tags) => changes.push(tags),
    })
    await watcher.sync()
    up = true
    t += 5_000
    await watcher.sync()
    expect(changes).toEqual([['faqs', 'plans']])
  })
})

describe('sign-in guard request', () => {
  it('takes known limits and a long enough single-use key only', () => {
    expect(signInGuardRequestSchema.safeParse({ hits: [{ limit: 'signInStartByIp', key: 'ip:1.2.3.4' }] }).success).toBe(true)
    expect(signInGuardRequestSchema.safeParse({ hits: [{ limit: 'other', key: 'x' }] }).success).toBe(false)
    expect(signInGuardRequestSchema.safeParse({ once: { key: 'short', expiresAt: 1 } }).success).toBe(false)
    expect(signInGuardRequestSchema.parse({})).toEqual({ hits: [] })
  })
})
