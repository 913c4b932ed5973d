import { describe, expect, it } from 'vitest'
import { type GroupAnswer, groupCalls } from './groupCalls'

/** A group runner whose groups finish when the test says so; it records every group it was given. */
function controlled() {
  const groups: { key: string; items: number[]; finish: (answers?: GroupAnswer<string>[]) => void; fail: (e: unknown) => void }[] = []
  const call = groupCalls<string, number, string>(
    (key, items) =>
      new Promise((resolve, reject) => {
        groups.push({
          key,
          items,
          finish: (answers) => resolve(answers ?? items.map((i) => ({ ok: true, value: `${key}:${i}` }))),
          fail: reject,
        })
      }),
    { max: 3 },
  )
  return { call, groups }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('groupCalls (docs/decisions/125)', () => {
  it('runs the first call at once and alone, then those that came meanwhile together, in arrival order', async () => {
    const { call, groups } = controlled()
    const first = call('m', 1)
    expect(groups.map((g) => g.items)).toEqual([[1]])
    const later = [call('m', 2), call('m', 3)]
    await tick()
    expect(groups).toHaveLength(1)
    groups[0]!.finish()
    expect(await first).toBe('m:1')
    await tick()
    expect(groups.map((g) => g.items)).toEqual([[1], [2, 3]])
    groups[1]!.finish()
    expect(await Promise.all(later)).toEqual(['m:2', 'm:3'])
  })

  it('never puts more than `max` in a group, and keys do not wait for each other', async () => {
    const { call, groups } = controlled()
    const a = [1, 2, 3, 4, 5].map((i) => call('a', i))
    const b = call('b', 9)
    expect(groups.map((g) => [g.key, g.items])).toEqual([
      ['a', [1]],
      ['b', [9]],
    ])
    groups[1]!.finish()
    expect(await b).toBe('b:9')
    groups[0]!.finish()
    await tick()
    expect(groups[2]!.items).toEqual([2, 3, 4])
    groups[2]!.finish()
    await tick()
    expect(groups[3]!.items).toEqual([5])
    groups[3]!.finish()
    expect(await Promise.all(a)).toEqual(['a:1', 'a:2', 'a:3', 'a:4', 'a:5'])
  })

  it("an item's error is that item's alone; a group that throws fails its items, and the next group still runs", async () => {
    const { call, groups } = controlled()
    const first = call('m', 1)
    const second = call('m', 2)
    const third = call('m', 3)
    groups[0]!.fail(new Error('connection lost'))
    await expect(first).rejects.toThrow('connection lost')
    await tick()
    groups[1]!.finish([
      { ok: false, error: new Error('no plan') },
      { ok: true, value: 'seat' },
    ])
    await expect(second).rejects.toThrow('no plan')
    expect(await third).toBe('seat')
    // The key is free again: a new call runs at once.
    call('m', 4)
    expect(groups[2]!.items).toEqual([4])
  })

  it('an answer missing for an item rejects that item instead of leaving it waiting', async () => {
    const { call, groups } = controlled()
    const first = call('m', 1)
    groups[0]!.finish([])
    await expect(first).rejects.toThrow('no answer')
  })
})
