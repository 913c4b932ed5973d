import { describe, expect, it } from 'vitest'
import { validateHttpsUrl } from './validateHttpsUrl'

describe('validateHttpsUrl', () => {
  it('accepts empty and https addresses', () => {
    expect(validateHttpsUrl('')).toBe(true)
    expect(validateHttpsUrl(null)).toBe(true)
    expect(validateHttpsUrl('https://www.linkedin.com/in/priya-sharma')).toBe(true)
  })
  it('refuses other schemes and junk', () => {
    for (const bad of [
      'http://linkedin.com/in/x',
      'javascript:alert(1)',
      'linkedin.com/in/x',
      'https://localhost',
      'https://a:b@x.com',
      42,
    ])
      expect(validateHttpsUrl(bad)).not.toBe(true)
  })
})
