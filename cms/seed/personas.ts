/**
 * The seeded accounts `npm run dev` prints. Students and the mentor sign in through the local
 * OpenID issuer (Google's stand-in); the admin and the staff editor use /admin with a password.
 * The list itself lives in the shared package, so the site's sign-in page offers the same ones.
 */
export { FILLER_STUDENTS, PERSONAS, type PersonaKey } from '@mentorloop/shared/personas'

export const SEED_PASSWORD = process.env.SEED_PASSWORD ?? 'mentorloop-dev-password'
