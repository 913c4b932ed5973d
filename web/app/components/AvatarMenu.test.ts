import { describe, expect, it } from 'vitest'
import { mentorBookingsHref } from './AvatarMenu'

describe('Mentor-Bookings menu item', () => {
  it('leads a mentor to their home, admins to the list, and is absent for students', () => {
    expect(mentorBookingsHref({ email: 'm@x.in', roles: ['mentor'], mentorId: 4 })).toBe('/mentor-home')
    expect(mentorBookingsHref({ email: 'a@x.in', roles: ['admin'], mentorId: null })).toBe('/mentors')
    expect(mentorBookingsHref({ email: 'a@x.in', roles: ['admin', 'mentor'], mentorId: 4 })).toBe('/mentors')
    expect(mentorBookingsHref({ email: 's@x.in', roles: ['student'] })).toBeNull()
    // A mentor account not linked to a profile yet has no bookings page.
    expect(mentorBookingsHref({ email: 'm@x.in', roles: ['mentor'], mentorId: null })).toBeNull()
  })
})

describe('the avatar menu’s words (docs/vocabulary.md)', () => {
  it('says Payments and Question bank, and the header has no avatar for a visitor', async () => {
    const { avatarMenuItems } = await import('./AvatarMenu')
    expect(avatarMenuItems({ email: 's@x.in', roles: ['student'] }).map((i) => i.label)).toEqual(['Dashboard', 'Payments', 'Question bank'])
    const { AVATAR_CLASS } = await import('./avatar')
    // No green (the spec's signed-out colour) and one colour for the signed-in avatar.
    expect(AVATAR_CLASS).not.toMatch(/green/)
    expect(AVATAR_CLASS).toContain('bg-brand-700')
  })

  it('offers a mentor their home and none of a student’s screens (issue 20)', async () => {
    const { avatarMenuItems } = await import('./AvatarMenu')
    expect(avatarMenuItems({ email: 'm@x.in', roles: ['mentor'], mentorId: 4 })).toEqual([{ label: 'Your home', href: '/mentor-home' }])
    expect(avatarMenuItems({ email: 'a@x.in', roles: ['admin', 'mentor'], mentorId: 4 }).map((i) => i.label)).toEqual([
      'Mentor-Bookings',
      'Dashboard',
      'Payments',
      'Question bank',
    ])
  })
})
