import { z } from 'zod'

/**
 * Mentor applications (issue 35): the public "Become a mentor" form, its answers and the review in
 * /admin. One schema for the site's action and the CMS's endpoint (docs/decisions/200).
 */
export const MENTOR_APPLICATION_STATUSES = ['submitted', 'under-review', 'accepted', 'declined'] as const
export type MentorApplicationStatus = (typeof MENTOR_APPLICATION_STATUSES)[number]

/** Still waiting for a decision: one open application per e-mail at a time. */
export const OPEN_MENTOR_APPLICATION_STATUSES = ['submitted', 'under-review'] as const satisfies readonly MentorApplicationStatus[]

export const MENTOR_APPLICATION_STATUS_LABELS: Record<MentorApplicationStatus, string> = {
  submitted: 'Submitted',
  'under-review': 'Under review',
  accepted: 'Accepted',
  declined: 'Declined',
}

export const MENTOR_APPLICATION_LIMITS = { name: 120, company: 120, role: 120, topics: 240, why: 1000, url: 300, years: 60 } as const

const text = (label: string, max: number, missing: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, `${label} is at most ${max} characters.`)

/** An https address with a host (a LinkedIn or other public profile), as the mentor profile's LinkedIn field takes it. */
const profileUrl = z
  .string({ error: 'Please enter the address of your LinkedIn or other public profile.' })
  .trim()
  .min(1, 'Please enter the address of your LinkedIn or other public profile.')
  .max(MENTOR_APPLICATION_LIMITS.url, `The address is at most ${MENTOR_APPLICATION_LIMITS.url} characters.`)
  .refine((value) => {
    try {
      const url = new URL(value)
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
    } catch {
      return false
    }
  }, 'Enter a full https:// address, e.g. https://www.linkedin.com/in/your-name.')

const YEARS_MESSAGE = `Enter your years of experience as a whole number from 0 to ${MENTOR_APPLICATION_LIMITS.years}.`

export const mentorApplicationSchema = z.object({
  name: text('Your name', MENTOR_APPLICATION_LIMITS.name, 'Please enter your name.'),
  email: z
    .string({ error: 'Please enter a valid e-mail address.' })
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid e-mail address.').max(254, 'Please enter a valid e-mail address.')),
  company: text('Company', MENTOR_APPLICATION_LIMITS.company, 'Please enter where you work now.'),
  role: text('Role', MENTOR_APPLICATION_LIMITS.role, 'Please enter your role, e.g. Senior Software Engineer.'),
  // A form sends text: "" is missing, not 0.
  years: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
    z.number({ error: YEARS_MESSAGE }).int(YEARS_MESSAGE).min(0, YEARS_MESSAGE).max(MENTOR_APPLICATION_LIMITS.years, YEARS_MESSAGE),
  ),
  profileUrl,
  topics: text('Topics', MENTOR_APPLICATION_LIMITS.topics, 'Please name the topics you would mentor, e.g. DSA, System Design.'),
  why: text('Why', MENTOR_APPLICATION_LIMITS.why, 'Please tell us in a few lines why you want to mentor.'),
})
export type MentorApplicationInput = z.infer<typeof mentorApplicationSchema>
export type MentorApplicationField = keyof MentorApplicationInput

/** The admin's decision (Accept, or Decline with the reason the applicant reads). */
export const mentorApplicationDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('accept') }),
    z.object({
      decision: z.literal('decline'),
      reason: z
        .string({ error: 'Write the applicant the reason: it is e-mailed to them.' })
        .trim()
        .min(3, 'Write the applicant the reason: it is e-mailed to them.')
        .max(1000, 'Keep it under 1000 characters.'),
    }),
    z.object({ decision: z.literal('review') }),
  ],
  { error: 'Choose Accept, Decline or Under review.' },
)
export type MentorApplicationDecision = z.infer<typeof mentorApplicationDecisionSchema>

export const MENTOR_APPLICATION_MESSAGES = {
  SUBMITTED:
    'Thank you for applying! We have e-mailed you a copy of your application; our team reads each one and e-mails you the decision.',
  ALREADY_OPEN:
    'You have already applied with this e-mail address and we are still reviewing it. We will e-mail you our decision; there is no need to apply again.',
  FAILED: 'We could not send your application right now. Please try again in a moment.',
  TOO_MANY: 'Too many applications from this address. Please try again in a few minutes.',
} as const

/**
 * The applicant's status page (`/become-a-mentor/status?application=…&key=…`, linked from the
 * receipt e-mail): the link names the application and carries a signature the CMS made, so only
 * whoever holds the e-mail can read it, and nothing is stored for it.
 */
export const mentorApplicationStatusQuery = z.object({
  application: z.coerce.number().int().positive().max(2_147_483_647),
  key: z.string().regex(/^[\w-]{20,64}$/),
})
export type MentorApplicationStatusQuery = z.infer<typeof mentorApplicationStatusQuery>

export type MentorApplicationStatusView = {
  name: string
  role: string
  company: string
  status: MentorApplicationStatus
  appliedAt: string
  decidedAt: string | null
  declineReason: string | null
}

export const MENTOR_APPLICATION_STATUS_NOT_FOUND =
  'We could not find an application for this link. Please use the link in the e-mail we sent you when you applied.'

/** What the status page says under each state: the next step, in the applicant's words. */
export const MENTOR_APPLICATION_NEXT_STEP: Record<MentorApplicationStatus, string> = {
  submitted: 'Our team has not read it yet. We e-mail you the decision; there is no need to apply again.',
  'under-review': 'Our team is reviewing it now. We e-mail you the decision.',
  accepted:
    'Welcome! Sign in with Google using the e-mail address you applied with. Our team completes your draft profile with you and publishes it; then your first batch opens.',
  declined: 'You are welcome to apply again later from the “Become a mentor” page.',
}
