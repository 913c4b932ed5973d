import type { MentorAvailability } from '@mentorloop/shared'

/** A published mentor card (the availability call's shape). */
export type MentorCardData = MentorAvailability

/** The mentors section's data: a list, or an error to show with a Retry (never a silent empty list). */
export type MentorsResult = { ok: true; mentors: MentorCardData[] } | { ok: false; message: string }
