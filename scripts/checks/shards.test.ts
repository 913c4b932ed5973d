import { describe, expect, it } from 'vitest'
import { splitByDuration } from '../lib/shards'

describe('splitByDuration', () => {
  it('balances by measured time, not by count', () => {
    const seconds = { 'a.spec.ts': 300, 'b.spec.ts': 100, 'c.spec.ts': 100, 'd.spec.ts': 100 }
    expect(splitByDuration(Object.keys(seconds), seconds, 2)).toEqual([['a.spec.ts'], ['b.spec.ts', 'c.spec.ts', 'd.spec.ts']])
  })

  it('runs every file exactly once, a new file at the mean of the measured ones', () => {
    const seconds = { 'a.spec.ts': 60, 'b.spec.ts': 20 }
    const files = ['a.spec.ts', 'b.spec.ts', 'new.spec.ts']
    const shards = splitByDuration(files, seconds, 2)
    expect(shards.flat().sort()).toEqual(files)
    // new.spec.ts counts as 40 s: it goes beside b (20 s), not beside a (60 s).
    expect(shards).toEqual([['a.spec.ts'], ['b.spec.ts', 'new.spec.ts']])
  })

  it('leaves no shard empty and refuses a bad count', () => {
    expect(splitByDuration(['a.spec.ts'], {}, 3)).toEqual([['a.spec.ts']])
    expect(() => splitByDuration(['a.spec.ts'], {}, 0)).toThrow(/not a number of shards/)
  })
})
