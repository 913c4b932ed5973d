import { describe, expect, it } from 'vitest'
import { isValidServiceKey } from './serviceKey'

describe('isValidServiceKey', () => {
  const key = 'k'.repeat(40)
  it('accepts the exact key only', () => {
    expect(isValidServiceKey(key, key)).toBe(true)
    expect(isValidServiceKey(`${key}x`, key)).toBe(false)
    expect(isValidServiceKey(key.slice(1), key)).toBe(false)
    expect(isValidServiceKey('', key)).toBe(false)
    expect(isValidServiceKey(null, key)).toBe(false)
    expect(isValidServiceKey(undefined, key)).toBe(false)
  })
  it('never accepts anything when no key is configured', () => {
    expect(isValidServiceKey('', '')).toBe(false)
  })
})
