/**
 * The signed-in person's account items, one list for the avatar menu (wide screens) and the
 * hamburger's menu (narrow screens), so the two never offer different things (docs/decisions/184).
 * No UI library here: the header imports it on every page.
 */
export type AvatarMenuUser = { email: string; roles: string[]; mentorId?: number | null }

/** A mentor (not an admin) with a linked profile: their menu leads to their home, not to a student's screens. */
const isMentorOnly = (user: AvatarMenuUser) => user.roles.includes('mentor') && !user.roles.includes('admin') && Boolean(user.mentorId)

export function mentorBookingsHref(user: AvatarMenuUser): string | null {
  if (user.roles.includes('admin')) return '/mentors'
  if (isMentorOnly(user)) return '/mentor-home'
  return null
}

/**
 * The menu's items, in order, for a signed-in person. A mentor gets their home (batches, students,
 * sessions: docs/decisions/095-mentor-home.md) and none of a student's screens (plans, payments,
 * the question bank are for students); an admin gets the mentors list first.
 */
export function avatarMenuItems(user: AvatarMenuUser): { label: string; href: string }[] {
  if (isMentorOnly(user)) return [{ label: 'Your home', href: '/mentor-home' }]
  const bookings = mentorBookingsHref(user)
  return [
    ...(bookings ? [{ label: 'Mentor-Bookings', href: bookings }] : []),
    { label: 'Dashboard', href: '/myDashboard' },
    { label: 'Payments', href: '/paymentHistory' },
    { label: 'Question bank', href: '/question-bank/subscription' },
  ]
}
