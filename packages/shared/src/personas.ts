/**
 * The seeded accounts (development and tests). The CMS seed creates them; the site's sign-in page
 * offers them when the local OpenID issuer stands in for Google; the browser tests sign in as
 * them. Never used with real Google sign-in.
 */
export const PERSONAS = {
  admin: { email: 'admin@mentorloop.in', name: 'Asha Admin', roles: ['admin'] as const, password: true },
  staff: { email: 'staff@mentorloop.in', name: 'Sameer Staff', roles: ['staff'] as const, password: true },
  mentor: {
    email: 'aarav.mehta@mentors.mentorloop.in',
    name: 'Aarav Mehta',
    roles: ['mentor'] as const,
    password: true,
  },
  studentWithPlan: {
    email: 'priya.sharma@students.mentorloop.in',
    name: 'Priya Sharma',
    roles: ['student'] as const,
    password: false,
  },
  studentWithoutPlan: {
    email: 'rahul.verma@students.mentorloop.in',
    name: 'Rahul Verma',
    roles: ['student'] as const,
    password: false,
  },
} as const

/** Students who fill the small mentor's batch, so one mentor shows as full. */
export const FILLER_STUDENTS = [
  { email: 'ananya.iyer@students.mentorloop.in', name: 'Ananya Iyer' },
  { email: 'karthik.nair@students.mentorloop.in', name: 'Karthik Nair' },
] as const

export type PersonaKey = keyof typeof PERSONAS
