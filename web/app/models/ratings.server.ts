import { COLLEGE_YEARS, RATING_COMMENT_MAX, type RatingCard } from '@mentorloop/shared'
import { z } from 'zod'
import { cms } from './cms.server'

/**
 * Rating the mentor from the dashboard (docs/decisions/108): the CMS decides who may rate and when
 * (GET /api/ratings/mine lists the batches open for a rating); the site relays the form with the
 * student's own token.
 */
export const getMyRatingCards = (token: string) => cms<{ cards: RatingCard[] }>('/ratings/mine', { token }).then((r) => r.cards)

/** The dashboard form's fields (a checkbox sends its value only when ticked; an empty select is "not said"). */
export const rateFormSchema = z.object({
  intent: z.literal('rate'),
  batchId: z.coerce.number().int().positive().max(2_147_483_647),
  ratingId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  stars: z.coerce.number({ error: 'Choose 1 to 5 stars.' }).int().min(1, 'Choose 1 to 5 stars.').max(5, 'Choose 1 to 5 stars.'),
  comment: z.string().max(RATING_COMMENT_MAX, `A comment is at most ${RATING_COMMENT_MAX} characters.`).default(''),
  showComment: z.literal('on').optional(),
  collegeYear: z.union([z.enum(COLLEGE_YEARS), z.literal('')]).default(''),
})
export type RateForm = z.infer<typeof rateFormSchema>

/** A first rating (POST) or a change to the student's own (PATCH). */
export function saveRating(token: string, form: RateForm) {
  const body = {
    stars: form.stars,
    comment: form.comment,
    showComment: form.showComment === 'on',
    collegeYear: form.collegeYear || null,
  }
  return form.ratingId
    ? cms('/ratings/mine/' + form.ratingId, { method: 'PATCH', token, body })
    : cms('/ratings/mine', { method: 'POST', token, body: { ...body, batchId: form.batchId } })
}
