import type { NoticeView, RatingCard } from '@mentorloop/shared'
import { keepNextSeatField, MESSAGES } from '@mentorloop/shared'
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import {
  cancelBooking,
  claimOffer,
  declineOffer,
  getMyNotices,
  getMyOffers,
  getPlanTimeline,
  getUserBookings,
  getUserWaitlist,
  leaveWaitlist,
} from '~/models/booking.server'
import {
  type AttendanceMark,
  disputeAttendance,
  feedUrlOf,
  getMyAttendance,
  getPreferences,
  renewCalendarToken,
  revokeCalendarToken,
  setRemindersOff,
  signOutEverywhere,
} from '~/models/calendar.server'
import { CmsError, isCmsUnavailable } from '~/models/cms.server'
import type { PlanView } from '~/models/content'
import { getPlans } from '~/models/content.server'
import { pendingBookingFor } from '~/models/pendingBooking.server'
import { getMyRatingCards, rateFormSchema, saveRating } from '~/models/ratings.server'
import { forgetCachedAccount, NO_STORE, requireUser } from '~/utils/auth.server'
import { clearBookingDraft } from '~/utils/booking-draft.server'
import { env } from '~/utils/env.server'
import { destroySessionCookie } from '~/utils/session.server'
import { streamOnNavigation } from '~/utils/stream.server'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * The student's dashboard, on the server: what it shows (seats, held seats, the plan and its
 * payments, notices, ratings, attendance, preferences) and its intents, by task: seats (`cancel`,
 * `leave`, `claim`, `decline`), ratings and attendance (`rate`, `dispute`), preferences
 * (`reminders`, `calendar-link`, `calendar-off`, `sign-out-everywhere`). Every intent answers
 * with a redirect and a toast, except the new calendar link, shown in this answer only.
 */

export async function loadDashboard(request: Request) {
  const url = new URL(request.url)
  // The spec also writes /mydashboard; routes match case-insensitively, so send any other
  // spelling to the one canonical address.
  if (url.pathname !== '/myDashboard') throw redirect(`/myDashboard${url.search}`, { status: 301 })
  const { user, token } = await requireUser(request)
  // A mentor's screen is their home (batches, students, sessions), not a student's plans and seats.
  if (user.roles.includes('mentor') && !user.roles.includes('admin') && user.mentorId) throw redirect('/mentor-home', { headers: NO_STORE })
  // On client navigation streamed: "Loading your bookings..." until the CMS answers.
  const { value: sessions } = await streamOnNavigation(
    request,
    Promise.all([
      getUserBookings(token, user.id),
      getUserWaitlist(token, user.id),
      getMyOffers(token),
      getPlanTimeline(token, user.id),
      getPlans('mentorship').catch(() => [] as PlanView[]),
      getMyNotices(token).catch(() => [] as NoticeView[]),
    ]).then(([bookings, waitlist, offers, plan, plans, notices]) => ({
      bookings,
      waitlist,
      offers,
      plan,
      plans: plans.map(({ id, code, name, price }) => ({ id, code, name, price })),
      notices,
    })),
  )
  // The preferences are small and shown at the foot of the page; without them the section says so.
  const [preferences, attendance, ratingCards] = await Promise.all([
    getPreferences(token).catch(() => null),
    getMyAttendance(token).catch(() => [] as AttendanceMark[]),
    getMyRatingCards(token).catch(() => [] as RatingCard[]),
  ])
  // The booking started before paying and left with "Not now": the credit card offers to finish it.
  const pending = await pendingBookingFor(request, user.id)
  return data({ email: user.email, name: user.name, sessions, preferences, attendance, ratingCards, pending }, { headers: NO_STORE })
}

const id = z.coerce.number().int().positive().max(2_147_483_647)
const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel'), bookingId: id, keepNextSeat: keepNextSeatField }),
  z.object({ intent: z.literal('leave'), mentorId: id }),
  z.object({ intent: z.literal('claim'), offerId: id }),
  z.object({ intent: z.literal('decline'), offerId: id }),
  // A checkbox sends its value only when ticked: absent means "no reminders".
  z.object({ intent: z.literal('reminders'), reminders: z.literal('on').optional() }),
  z.object({ intent: z.literal('calendar-link') }),
  z.object({ intent: z.literal('calendar-off') }),
  z.object({ intent: z.literal('sign-out-everywhere') }),
  z.object({
    intent: z.literal('dispute'),
    sessionId: id,
    note: z.string().trim().max(500, 'Say it in at most 500 characters.').optional().default(''),
  }),
  rateFormSchema,
])

type Input = z.infer<typeof actionSchema>
type IntentName = Input['intent']

const FAILED: Record<IntentName, string> = {
  cancel: 'Failed to cancel booking',
  leave: MESSAGES.FAILED_REMOVE_WAITLIST,
  claim: 'The seat could not be claimed',
  decline: 'The seat could not be declined',
  reminders: 'Your reminder preference could not be saved',
  'calendar-link': 'A new calendar link could not be made',
  'calendar-off': 'The calendar link could not be turned off',
  'sign-out-everywhere': 'Signing out everywhere did not work',
  rate: 'Your rating could not be saved',
  dispute: 'Your dispute could not be saved',
}

type Signed = { token: string; userId: number }
/** A redirect with a toast, or (the new calendar link) the page's own answer. */
type Answer = Response | ReturnType<typeof data<{ feedUrl: string }>>
type Handler<K extends IntentName> = (input: Extract<Input, { intent: K }>, signed: Signed) => Promise<Answer>

/** Seats: cancel one, leave a waitlist, claim or decline a seat held for the student. */
const SEATS: { [K in 'cancel' | 'leave' | 'claim' | 'decline']: Handler<K> } = {
  cancel: async (input, { token }) => {
    await cancelBooking(token, input.bookingId, input.keepNextSeat)
    return redirectWithToast('/myDashboard', { type: 'success', title: 'Seat cancelled', description: 'Your seat has been released.' })
  },
  leave: async (input, { token }) => {
    await leaveWaitlist(token, input.mentorId)
    return redirectWithToast('/myDashboard', { type: 'success', title: MESSAGES.REMOVED_FROM_WAITLIST })
  },
  claim: async (input, { token }) => {
    await claimOffer(token, input.offerId)
    return redirectWithToast('/myDashboard', { type: 'success', title: 'The seat is yours', description: 'It is on your dashboard now.' })
  },
  decline: async (input, { token }) => {
    await declineOffer(token, input.offerId)
    return redirectWithToast('/myDashboard', {
      type: 'success',
      title: 'Seat declined',
      description: 'It goes to the next student in line.',
    })
  },
}

/** Ratings and attendance: rate the mentor, dispute an absent mark. */
const RATINGS: { [K in 'rate' | 'dispute']: Handler<K> } = {
  rate: async (input, { token }) => {
    await saveRating(token, input)
    return redirectWithToast('/myDashboard#rate-mentor', {
      type: 'success',
      title: input.ratingId ? 'Your rating is changed' : 'Thank you for your rating',
      description: 'You can change it until the batch ends.',
    })
  },
  dispute: async (input, { token }) => {
    await disputeAttendance(token, input.sessionId, input.note)
    return redirectWithToast('/myDashboard#attendance-heading', {
      type: 'success',
      title: 'Mark disputed',
      description: 'An admin will look at it and decide.',
    })
  },
}

/** Preferences: reminders, the private calendar link, signing out everywhere. */
const PREFERENCES: { [K in 'reminders' | 'calendar-link' | 'calendar-off' | 'sign-out-everywhere']: Handler<K> } = {
  reminders: async (input, { token }) => {
    const saved = await setRemindersOff(token, input.reminders !== 'on')
    return redirectWithToast('/myDashboard#preferences', {
      type: 'success',
      title: saved.remindersOff ? 'Reminders are off' : 'Reminders are on',
      description: saved.remindersOff
        ? 'You still hear from us when a session moves or is cancelled.'
        : 'We e-mail you 24 hours and 1 hour before each session.',
    })
  },
  // Shown in this answer only (docs/decisions/174): the CMS keeps no copy it could show again.
  'calendar-link': async (_input, { token }) =>
    data({ feedUrl: feedUrlOf(env.WEB_PUBLIC_URL, await renewCalendarToken(token)) }, { headers: NO_STORE }),
  'calendar-off': async (_input, { token }) => {
    await revokeCalendarToken(token)
    return redirectWithToast('/myDashboard#preferences', {
      type: 'success',
      title: 'Your calendar link is off',
      description: 'Calendar apps subscribed to it no longer see your sessions.',
    })
  },
  'sign-out-everywhere': async (_input, { token, userId }) => {
    await signOutEverywhere(token)
    forgetCachedAccount(userId)
    const headers = new Headers(NO_STORE)
    headers.append('Set-Cookie', await destroySessionCookie())
    headers.append('Set-Cookie', await clearBookingDraft())
    return redirectWithToast(
      '/',
      {
        type: 'success',
        title: 'You are signed out everywhere',
        description: 'Every device was signed out and your calendar link is off.',
      },
      { headers },
    )
  },
}

const HANDLERS = { ...SEATS, ...RATINGS, ...PREFERENCES } satisfies { [K in IntentName]: Handler<K> }

export async function dashboardAction(request: Request) {
  const { token, user } = await requireUser(request)
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    // A rating's own fields say what is wrong with them (stars, comment length); anything else was not understood.
    const issue = parsed.error.issues.find((i) => i.path[0] === 'stars' || i.path[0] === 'comment')
    return issue
      ? redirectWithToast('/myDashboard#rate-mentor', { type: 'error', title: FAILED.rate, description: issue.message })
      : redirectWithToast('/myDashboard', { type: 'error', title: 'That request was not understood.' })
  }
  const input = parsed.data
  try {
    return await (HANDLERS[input.intent] as Handler<IntentName>)(input, { token, userId: user.id })
  } catch (error) {
    const message = error instanceof CmsError && (error.status < 500 || isCmsUnavailable(error)) ? error.message : undefined
    const back = input.intent === 'rate' ? '/myDashboard#rate-mentor' : '/myDashboard'
    return redirectWithToast(back, { type: 'error', title: FAILED[input.intent], description: message })
  }
}
