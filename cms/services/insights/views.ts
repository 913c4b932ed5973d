import { checkRole } from '../../access/checkRole'

/**
 * The Insights views and who sees each (issue 35; docs/decisions/199-insights.md). Marketing staff
 * see the marketing views; the money views are for admins only. The page's data loading and the
 * CSV endpoint both ask `canSeeInsight`, so a view nobody showed you is also one you cannot fetch.
 */
export const INSIGHT_VIEWS = ['revenue', 'refunds', 'seats', 'waitlist', 'renewals', 'ratings', 'students'] as const
export type InsightView = (typeof INSIGHT_VIEWS)[number]

export type Audience = 'admin' | 'marketing'

export type ViewInfo = {
  title: string
  audience: Audience
  /** Which filters narrow this view (the page says so when one does not). */
  mentor: boolean
  plan: boolean
  /** What the figures count, in one or two sentences under the heading. */
  about: string
}

export const VIEW_INFO: Record<InsightView, ViewInfo> = {
  revenue: {
    title: 'Revenue by month',
    audience: 'admin',
    mentor: true,
    plan: true,
    about:
      'Paid: orders paid in the month (by order date). Refunded: money that went back in the month (by refund date). Net: paid minus refunded. Complimentary plans are left out.',
  },
  refunds: {
    title: 'Refunds by reason',
    audience: 'admin',
    mentor: true,
    plan: true,
    about: 'Refund requests made in the months chosen, by the reason given: how many were refunded, rejected or are still open.',
  },
  seats: {
    title: 'Seats filled per batch',
    audience: 'marketing',
    mentor: true,
    plan: false,
    about:
      'Batches that begin in the months chosen (cancelled batches left out): seats taken of the batch size. The chart shows each month across its batches.',
  },
  waitlist: {
    title: 'Waitlist',
    audience: 'marketing',
    mentor: true,
    plan: false,
    about:
      'Students who joined a waitlist in the month, how many of them got a seat with that mentor (from the waitlist or a held seat), the median days it took, and how many still wait.',
  },
  renewals: {
    title: 'Renewals',
    audience: 'marketing',
    mentor: true,
    plan: true,
    about:
      "Of the students seated in a month's batches, how many have a seat in the next month's batches too (with any mentor, and with the same mentor).",
  },
  ratings: {
    title: 'Ratings over time',
    audience: 'marketing',
    mentor: true,
    plan: false,
    about: 'Ratings given in the month: how many, and their average (1 to 5 stars). Hidden ratings count too.',
  },
  students: {
    title: 'New students and first purchases',
    audience: 'marketing',
    mentor: false,
    plan: true,
    about:
      'New students: student accounts created in the month. First purchases: students whose first paid plan was bought in the month (the plan filter counts first purchases of that plan).',
  },
}

/** Admins see every view; marketing staff the marketing views; mentors, students and anonymous callers none. */
export function canSeeInsight(user: unknown, view: InsightView): boolean {
  if (checkRole(user, 'admin')) return true
  return VIEW_INFO[view].audience === 'marketing' && checkRole(user, 'staff')
}

export function insightViewsFor(user: unknown): InsightView[] {
  return INSIGHT_VIEWS.filter((v) => canSeeInsight(user, v))
}

export const isInsightView = (v: string): v is InsightView => (INSIGHT_VIEWS as readonly string[]).includes(v)
