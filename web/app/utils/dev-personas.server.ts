import { PERSONAS } from '@mentorloop/shared/personas'

/**
 * The seeded accounts the sign-in page offers while the local issuer stands in for Google
 * (development and tests only; with Google the page shows "Continue with Google" instead).
 * Staff is left out: it uses /admin with a password.
 */
export function devPersonas() {
  const labels: Record<string, string> = {
    admin: 'admin',
    mentor: 'mentor',
    studentWithPlan: 'student, active plan',
    studentWithoutPlan: 'student, no plan',
  }
  return Object.entries(PERSONAS)
    .filter(([key]) => key in labels)
    .map(([key, p]) => ({ key, email: p.email, name: p.name, label: labels[key]! }))
}
