import { describe, expect, it } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it('keeps a path on this site', () => {
    expect(safeRedirect('/paymentHistory')).toBe('/paymentHistory')
    expect(safeRedirect('/mentors/3?tab=a#x')).toBe('/mentors/3?tab=a#x')
  })

  it('refuses other origins and odd values', () => {
    for (const bad of ['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)', '', null, undefined, '/a\nb']) {
      expect(safeRedirect(bad as string)).toBe('/')
    }
    expect(safeRedirect('//evil.com', '/myDashboard')).toBe('/myDashboard')
  })
})
