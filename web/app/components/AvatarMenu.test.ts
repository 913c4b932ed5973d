import { describe, expect, it } from 'vitest'
import { mentorBookingsHref } from './AvatarMenu'

describe('Mentor-Bookings menu item', () => {
  it('leads a mentor to their own bookings, admins to the list, and is absent for students', () => {
    expect(mentorBookingsHref({ email: 'm@x.in', roles: ['mentor'], mentorId: 4 })).toBe('/mentors/4')
    expect(mentorBookingsHref({ email: 'a@x.in', roles: ['admin'], mentorId: null })).toBe('/mentors')
    expect(mentorBookingsHref({ email: 'a@x.in', roles: ['admin', 'mentor'], mentorId: 4 })).toBe('/mentors')
    expect(mentorBookingsHref({ email: 's@x.in', roles: ['student'] })).toBeNull()
    // A mentor account not linked to a profile yet has no bookings page.
    expect(mentorBookingsHref({ email: 'm@x.in', roles: ['mentor'], mentorId: null })).toBeNull()
  })
})
