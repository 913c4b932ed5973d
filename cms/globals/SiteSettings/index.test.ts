import { describe, expect, it } from 'vitest'
import { SiteSettings } from './index'

describe('who sees Site settings in /admin (docs/decisions/184)', () => {
  it('staff and admins do; a mentor (in /admin for their sessions) does not', () => {
    const hidden = SiteSettings.admin?.hidden as (args: { user: unknown }) => boolean
    expect(typeof hidden).toBe('function')
    expect(hidden({ user: { roles: ['mentor'] } })).toBe(true)
    expect(hidden({ user: { roles: ['student'] } })).toBe(true)
    expect(hidden({ user: { roles: ['staff'] } })).toBe(false)
    expect(hidden({ user: { roles: ['admin'] } })).toBe(false)
  })
})
