import { z } from 'zod'
import { CONTACT_DIGITS, REFUND_FEEDBACK_MAX_WORDS, REFUND_REASONS } from './constants'
import { MESSAGES } from './messages'
import { COLLEGE_YEARS, RATING_COMMENT_MAX } from './ratings'

/** Words split on whitespace, as docs/spec.md §5 counts them. */
export function countWords(text: string): number {
  const trimmed = text.trim()
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length
}

const required = (field: z.ZodString) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), field.min(1, MESSAGES.MISSING_FIELDS))

export const phoneSchema = z
  .string({ error: MESSAGES.MISSING_FIELDS })
  .trim()
  .min(1, MESSAGES.MISSING_FIELDS)
  .regex(new RegExp(`^\\d{${CONTACT_DIGITS}}$`), MESSAGES.INVALID_PHONE)

/** The landing page's booking form (the e-mail comes from the session, never from the form). */
export const bookingFormSchema = z.object({
  name: required(z.string({ error: MESSAGES.MISSING_FIELDS }).max(120, 'Name is too long.')),
  contact: phoneSchema,
  mentorId: required(z.string({ error: MESSAGES.MISSING_FIELDS })),
})
export type BookingForm = z.infer<typeof bookingFormSchema>

export const refundFeedbackSchema = z
  .object({
    reason: z.enum(REFUND_REASONS, { error: MESSAGES.SELECT_REASON }),
    feedback: z.string().trim().max(1000, MESSAGES.FEEDBACK_TOO_LONG).optional().default(''),
  })
  .superRefine((value, ctx) => {
    if (countWords(value.feedback) > REFUND_FEEDBACK_MAX_WORDS) {
      ctx.addIssue({ code: 'custom', path: ['feedback'], message: MESSAGES.FEEDBACK_TOO_LONG })
    }
  })
export type RefundFeedback = z.infer<typeof refundFeedbackSchema>

export const newsletterSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(120, 'Name is too long.'),
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address.')),
})
export type NewsletterForm = z.infer<typeof newsletterSchema>

/** An Indian GST identification number: state code, PAN, entity number, "Z", check character. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

/** The rating a student writes (create and edit). */
export const ratingInputSchema = z
  .object({
    stars: z
      .number({ error: 'Choose 1 to 5 stars.' })
      .int('Choose 1 to 5 stars.')
      .min(1, 'Choose 1 to 5 stars.')
      .max(5, 'Choose 1 to 5 stars.'),
    comment: z.string().trim().max(RATING_COMMENT_MAX, `A comment is at most ${RATING_COMMENT_MAX} characters.`).default(''),
    showComment: z.boolean().default(false),
    collegeYear: z.enum(COLLEGE_YEARS, { error: 'Choose your college year from the list.' }).nullable().default(null),
  })
  .strict()
export type RatingInput = z.infer<typeof ratingInputSchema>
