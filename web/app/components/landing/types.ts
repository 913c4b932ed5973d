import type { MentorCard } from '@mentorloop/shared'

/**
 * A published mentor card as the landing page shows it: the highlights' shape with its batch status
 * line made by the loader (batchStatusLine on the server), so the line's wording and dates are not
 * in the page's JavaScript (its budget, issue 22).
 */
export type MentorCardData = MentorCard & { statusLine: string }

/** The mentors section's data: a list, or an error to show with a Retry (never a silent empty list). */
export type MentorsResult = { ok: true; mentors: MentorCardData[] } | { ok: false; message: string }
