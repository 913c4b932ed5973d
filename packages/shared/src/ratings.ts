/**
 * Ratings of a mentor by the students of a batch (issue 21, docs/decisions/108): the rules both
 * sides share. A mentor's card shows the average from RATINGS_FOR_CARD ratings ("New mentor"
 * before); the hero's figures are the real ones from RATINGS_FOR_HERO ratings site-wide. No zod here:
 * cards on every page import this, and the site's pages load zod only where they parse (the rating's
 * input schema is in schemas.ts).
 */
export const RATING_COMMENT_MAX = 500
export const RATINGS_FOR_CARD = 3
export const RATINGS_FOR_HERO = 20

/** What a student may say about their college year next to a shown comment (nothing else about them). */
export const COLLEGE_YEARS = ['1st year', '2nd year', '3rd year', '4th year', '5th year', 'Graduate'] as const
export type CollegeYear = (typeof COLLEGE_YEARS)[number]

/** A mentor's public rating: the average and count once there are enough, else null ("New mentor"). */
export type MentorRating = { average: number; count: number } | null

export function publicRating(count: number, sum: number): MentorRating {
  if (count < RATINGS_FOR_CARD) return null
  return { average: Math.round((sum / count) * 10) / 10, count }
}

/** "4.7 ★ (12 ratings)" or "New mentor". */
export function ratingLine(rating: MentorRating): string {
  if (!rating) return 'New mentor'
  return `${rating.average.toFixed(1)} out of 5 (${rating.count} ${rating.count === 1 ? 'rating' : 'ratings'})`
}

/** A comment a profile shows: the author's first name and college year at most. */
export type PublicRatingComment = { stars: number; comment: string; firstName: string; collegeYear: string | null; at: string }

/** The rating card of a student's dashboard: one per batch they may rate (or have rated). */
export type RatingCard = {
  batchId: number
  batchLabel: string
  mentorName: string
  /** Until when the rating can be given or changed (the batch's end). */
  openUntil: string
  rating: { id: number; stars: number; comment: string; showComment: boolean; collegeYear: string | null } | null
}

/** The hero's figures from real ratings, and whether the site uses them (from RATINGS_FOR_HERO ratings). */
export type SiteRatingFigures = { count: number; average: number | null; satisfaction: number | null; live: boolean }
