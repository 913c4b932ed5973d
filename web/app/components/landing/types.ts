import type { MentorCard } from '@mentorloop/shared'

/** A published mentor card (the highlights' and the directory's shape). */
export type MentorCardData = MentorCard

/** The mentors section's data: a list, or an error to show with a Retry (never a silent empty list). */
export type MentorsResult = { ok: true; mentors: MentorCardData[] } | { ok: false; message: string }
