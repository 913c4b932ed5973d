import type { BatchView, BookingView, NoticeView, PlanTimeline, RatingCard, SeatOfferView, WaitlistEntryView } from '@mentorloop/shared'
import { formatDate, formatDateRange, formatDateTime, formatRupees, keepNextSeatField, MESSAGES } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import { ConfirmAction } from '~/components/booking/ConfirmAction'
import { primaryButton, secondaryButton } from '~/components/buttons'
import { Countdown } from '~/components/Countdown'
import { Deferred } from '~/components/Deferred'
import { CalendarFeedLink } from '~/components/dashboard/CalendarFeedLink'
import { Notices } from '~/components/dashboard/Notices'
import { RateMentor } from '~/components/dashboard/RateMentor'
import { SessionTimes } from '~/components/dashboard/SessionTimes'
import { NoSeatYet, WaitlistCards } from '~/components/dashboard/Waitlist'
import { type PlanOption, YourPlan } from '~/components/dashboard/YourPlan'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
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
  type Preferences,
  renewCalendarToken,
  revokeCalendarToken,
  setRemindersOff,
  signOutEverywhere,
} from '~/models/calendar.server'
import { CmsError, isCmsUnavailable } from '~/models/cms.server'
import type { PlanView } from '~/models/content'
import { getPlans } from '~/models/content.server'
import { cancelSeatText, claimedSeatMessage } from '~/models/dashboard'
import { pendingBookingFor } from '~/models/pendingBooking.server'
import { getMyRatingCards, rateFormSchema, saveRating } from '~/models/ratings.server'
import { forgetCachedAccount, NO_STORE, requireUser } from '~/utils/auth.server'
import { clearBookingDraft } from '~/utils/booking-draft.server'
import { env } from '~/utils/env.server'
import { destroySessionCookie } from '~/utils/session.server'
import { streamOnNavigation } from '~/utils/stream.server'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
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

const FAILED: Record<z.infer<typeof actionSchema>['intent'], string> = {
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

export async function action({ request }: ActionFunctionArgs) {
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
    switch (input.intent) {
      case 'cancel':
        await cancelBooking(token, input.bookingId, input.keepNextSeat)
        return redirectWithToast('/myDashboard', {
          type: 'success',
          title: 'Seat cancelled',
          description: 'Your seat has been released.',
        })
      case 'leave':
        await leaveWaitlist(token, input.mentorId)
        return redirectWithToast('/myDashboard', { type: 'success', title: MESSAGES.REMOVED_FROM_WAITLIST })
      case 'claim':
        await claimOffer(token, input.offerId)
        return redirectWithToast('/myDashboard', {
          type: 'success',
          title: 'The seat is yours',
          description: 'It is on your dashboard now.',
        })
      case 'decline':
        await declineOffer(token, input.offerId)
        return redirectWithToast('/myDashboard', {
          type: 'success',
          title: 'Seat declined',
          description: 'It goes to the next student in line.',
        })
      case 'reminders': {
        const saved = await setRemindersOff(token, input.reminders !== 'on')
        return redirectWithToast('/myDashboard#preferences', {
          type: 'success',
          title: saved.remindersOff ? 'Reminders are off' : 'Reminders are on',
          description: saved.remindersOff
            ? 'You still hear from us when a session moves or is cancelled.'
            : 'We e-mail you 24 hours and 1 hour before each session.',
        })
      }
      case 'rate':
        await saveRating(token, input)
        return redirectWithToast('/myDashboard#rate-mentor', {
          type: 'success',
          title: input.ratingId ? 'Your rating is changed' : 'Thank you for your rating',
          description: 'You can change it until the batch ends.',
        })
      case 'dispute':
        await disputeAttendance(token, input.sessionId, input.note)
        return redirectWithToast('/myDashboard#attendance-heading', {
          type: 'success',
          title: 'Mark disputed',
          description: 'An admin will look at it and decide.',
        })
      case 'calendar-link':
        // Shown in this answer only (docs/decisions/174): the CMS keeps no copy it could show again.
        return data({ feedUrl: feedUrlOf(env.WEB_PUBLIC_URL, await renewCalendarToken(token)) }, { headers: NO_STORE })
      case 'calendar-off':
        await revokeCalendarToken(token)
        return redirectWithToast('/myDashboard#preferences', {
          type: 'success',
          title: 'Your calendar link is off',
          description: 'Calendar apps subscribed to it no longer see your sessions.',
        })
      case 'sign-out-everywhere': {
        await signOutEverywhere(token)
        forgetCachedAccount(user.id)
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
      }
    }
  } catch (error) {
    const message = error instanceof CmsError && (error.status < 500 || isCmsUnavailable(error)) ? error.message : undefined
    const back = input.intent === 'rate' ? '/myDashboard#rate-mentor' : '/myDashboard'
    return redirectWithToast(back, { type: 'error', title: FAILED[input.intent], description: message })
  }
}

export const headers = () => NO_STORE

export default function Dashboard() {
  const { email, name, sessions, preferences, attendance, ratingCards, pending } = useLoaderData<typeof loader>()
  const made = useActionData<typeof action>()
  const feedUrl = made && 'feedUrl' in made ? made.feedUrl : null
  return (
    <PrivatePage title="Dashboard" subtitle="Track your upcoming classes and mentorship sessions.">
      <p className="mb-6 text-sm text-slate-600" data-testid="signed-in-as">
        Signed in as {name ? `${name} (${email})` : email}
      </p>
      <Deferred fallback={null} resolve={sessions} errorElement={null}>
        {({ offers, plan, plans, notices }) => (
          <>
            <Notices notices={notices} />
            <HeldSeats offers={offers} plan={plan} plans={plans} />
            <YourPlan plan={plan} plans={plans} heldWith={offers.map((o) => o.mentor.id)} pending={pending} />
          </>
        )}
      </Deferred>
      <section aria-labelledby="upcoming-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="upcoming-heading" className="text-xl font-semibold">
          Your Upcoming Sessions
        </h2>
        <Deferred
          fallback={
            <p className="mt-4 text-slate-600" role="status">
              Loading your bookings...
            </p>
          }
          resolve={sessions}
          errorElement={
            <div role="alert" className="mt-4 text-red-800">
              <p>{MESSAGES.FAILED_FETCH_BOOKING}</p>
              <Link to="/myDashboard" reloadDocument className="mt-2 inline-block font-semibold underline">
                Retry
              </Link>
            </div>
          }
        >
          {({ bookings, waitlist, offers }) => <Upcoming bookings={bookings} waitlist={waitlist} offers={offers} />}
        </Deferred>
      </section>
      <RateMentor cards={ratingCards} />
      <Attendance marks={attendance} />
      <PreferencesSection preferences={preferences} feedUrl={feedUrl} />
    </PrivatePage>
  )
}

/**
 * The cancel dialog's question for a seat in a running batch (DESIGN.md §11): keep the seat held
 * for you in the mentor's next batch until the month ends, or let it go to the next in line now.
 */
export function KeepNextSeat({ mentorName }: { mentorName: string }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3 text-left text-sm text-slate-800" data-testid="keep-next-seat">
      <legend className="px-1 font-medium">Your seat in {mentorName}’s next batch</legend>
      <label className="mt-1 flex items-start gap-2">
        <input type="radio" name="keepNextSeat" value="yes" defaultChecked className="mt-1 h-4 w-4" />
        Keep it for me until this month ends
      </label>
      <label className="mt-1 flex items-start gap-2">
        <input type="radio" name="keepNextSeat" value="no" className="mt-1 h-4 w-4" />
        Let it go to the next student in line now
      </label>
    </fieldset>
  )
}

/** The student's own attendance, as their mentor marked it (nothing until a session has been marked). */
function Attendance({ marks }: { marks: AttendanceMark[] }) {
  if (marks.length === 0) return null
  return (
    <section
      aria-labelledby="attendance-heading"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="attendance"
    >
      <h2 id="attendance-heading" className="text-xl font-semibold">
        Your attendance
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {marks.map((m) => (
          <li key={m.sessionId} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{m.title}</span> <span className="text-sm text-slate-600">· {formatDateTime(m.startsAt)}</span>
            </span>
            <span className={m.status === 'present' ? 'font-semibold text-emerald-800' : 'font-semibold text-amber-900'}>
              {m.status === 'present' ? 'Present' : 'Absent'}
              {m.dispute === 'open' ? <span className="font-normal text-slate-700"> · disputed: an admin will decide</span> : null}
              {m.dispute === 'upheld' ? <span className="font-normal text-slate-700"> · corrected after your dispute</span> : null}
              {m.dispute === 'rejected' ? <span className="font-normal text-slate-700"> · your dispute was not upheld</span> : null}
            </span>
            {m.status === 'absent' && !m.dispute ? (
              <Form method="post" className="flex w-full flex-wrap items-end gap-2" data-testid="dispute-attendance">
                <input type="hidden" name="intent" value="dispute" />
                <input type="hidden" name="sessionId" value={m.sessionId} />
                <label className="flex-1 text-sm text-slate-800">
                  Were you there? Tell us (optional)
                  <input name="note" maxLength={500} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
                </label>
                <button type="submit" className={secondaryButton}>
                  Dispute this mark
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

/**
 * Reminders on or off, and the private calendar link (docs/decisions/105, 106): plain forms that
 * work without JavaScript.
 */
function PreferencesSection({ preferences, feedUrl }: { preferences: Preferences | null; feedUrl: string | null }) {
  return (
    <section
      id="preferences"
      aria-labelledby="preferences-heading"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="preferences"
    >
      <h2 id="preferences-heading" className="text-xl font-semibold">
        Reminders and calendar
      </h2>
      {preferences ? (
        <>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="reminders" />
            <label className="flex items-start gap-3 text-slate-800">
              <input type="checkbox" name="reminders" defaultChecked={!preferences.remindersOff} className="mt-1 h-4 w-4" />
              <span>E-mail me a reminder 24 hours and 1 hour before each session, with the meeting link and a calendar entry.</span>
            </label>
            <p className="mt-1 pl-7 text-sm text-slate-600">Moves and cancellations are always e-mailed.</p>
            <button type="submit" className={`${secondaryButton} mt-3`}>
              Save reminder preference
            </button>
          </Form>
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="font-semibold">Your sessions in your calendar app</h3>
            {feedUrl ? (
              <>
                <p className="mt-1 text-sm text-slate-700" role="status">
                  Your calendar link is ready. Copy it now: we keep no readable copy, so it is shown only this once. Any link you made
                  before no longer works.
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  Subscribe to this private link in Google Calendar, Apple Calendar or Outlook; moved and cancelled sessions update on their
                  own. Keep it to yourself: anyone with the link sees your session times.
                </p>
                <CalendarFeedLink feedUrl={feedUrl} />
              </>
            ) : preferences.calendarFeed ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="feed-on">
                Your private calendar link is on. It was shown once, when you made it; make a new one if you lost it (the old one then stops
                working).
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-700">
                Make a private link your calendar app can subscribe to; moved and cancelled sessions then update on their own.
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="calendar-link" />
                <button type="submit" className={secondaryButton}>
                  {feedUrl || preferences.calendarFeed ? 'Replace the link (the old one stops working)' : 'Make my calendar link'}
                </button>
              </Form>
              {feedUrl || preferences.calendarFeed ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="calendar-off" />
                  <button type="submit" className={secondaryButton}>
                    Turn the link off
                  </button>
                </Form>
              ) : null}
            </div>
          </div>
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="font-semibold">Sign out everywhere</h3>
            <p className="mt-1 text-sm text-slate-700">
              Signs your account out on every device and browser, this one too, and turns your calendar link off. Use it after signing in on
              a shared or lost device.
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="sign-out-everywhere" />
              <button type="submit" className={secondaryButton}>
                Sign out everywhere
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p role="alert" className="mt-4 text-red-800">
          Your preferences could not be loaded right now.{' '}
          <Link to="/myDashboard" reloadDocument className="font-semibold underline">
            Retry
          </Link>
        </p>
      )}
    </section>
  )
}

/** The dates of a batch in words: "January 2027 · 1–31 Jan 2027". */
const batchDates = (b: BatchView) => `${b.label} · ${formatDateRange(b.startsOn, b.endsOn)}`

/**
 * Seats held for the student (docs/decisions/045-batches-in-time.md): an offer from the waitlist
 * (claim it by choosing a plan) or their seat in their mentor's next batch (kept by renewing).
 */
function HeldSeats({ offers, plan, plans }: { offers: SeatOfferView[]; plan: PlanTimeline; plans: PlanOption[] }) {
  if (offers.length === 0) return null
  return (
    <section aria-labelledby="offers-heading" className="mb-6 rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200">
      <h2 id="offers-heading" className="text-xl font-semibold text-amber-950">
        {offers.length === 1 ? 'A seat is held for you' : 'Seats held for you'}
      </h2>
      <ul className="mt-4 space-y-4">
        {offers.map((o) => {
          // A plan bought and not used yet (a credit) pays for the held seat (docs/decisions/069).
          const covered = plan.coverage.some((c) => c.kind === 'credit')
          return (
            <li key={o.id} className="rounded-xl border border-amber-200 bg-white p-4" data-testid="offer-card">
              <p className="font-semibold">
                A seat with {o.mentor.name} is yours until <Countdown until={o.expiresAt} />
              </p>
              <p className="mt-1 text-sm text-slate-700">{batchDates(o.batch)}</p>
              <p className="mt-2 text-sm text-slate-700">
                {o.kind === 'continuing'
                  ? `You are in ${o.mentor.name}'s batch now: renew your plan to keep your seat in the next one.`
                  : 'You were next on the waitlist. After that time the seat goes to the next student, and you keep your place in the queue.'}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {covered ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="claim" />
                    <input type="hidden" name="offerId" value={o.id} />
                    <button type="submit" className={primaryButton}>
                      Claim seat
                    </button>
                  </Form>
                ) : o.kind === 'continuing' && plan.renewalOpensAt && !plan.renewalOpen ? (
                  <p className="text-sm text-slate-700">Renewal opens on {formatDate(plan.renewalOpensAt)}.</p>
                ) : (
                  plans.map((p) => (
                    <div key={p.id} className="min-w-48">
                      <BuyPlanButton
                        planCode={p.code}
                        planName={p.name}
                        offerId={o.id}
                        successMessage={claimedSeatMessage(o)}
                        label={
                          o.kind === 'continuing' ? `Renew ${p.name} and keep the seat` : `Claim with ${p.name} · ${formatRupees(p.price)}`
                        }
                      />
                    </div>
                  ))
                )}
                <ConfirmAction
                  confirmKey={`decline-${o.id}`}
                  trigger="Decline"
                  title="Decline this seat?"
                  description={`The seat with ${o.mentor.name} goes to the next student in line.${o.kind === 'waitlist' ? ' You keep your place in the queue.' : ''}`}
                  confirmLabel="Yes, decline the seat"
                  fields={{ intent: 'decline', offerId: String(o.id) }}
                />
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

function Upcoming({ bookings, waitlist, offers }: { bookings: BookingView[]; waitlist: WaitlistEntryView[]; offers: SeatOfferView[] }) {
  const active = bookings.filter((b) => b.status === 'confirmed')
  // A seat held for the student from a queue is that queue's news: the held-seat card says it
  // once, instead of "a seat is held for you" above and "you are number 1 in the queue" here.
  const held = new Set(offers.filter((o) => o.kind === 'waitlist').map((o) => o.mentor.id))
  const waiting = waitlist.filter((w) => w.status === 'waiting' && !held.has(w.mentorId))
  if (active.length === 0 && waiting.length === 0) return <NoSeatYet />
  return (
    <div className="mt-4 space-y-4">
      {active.length > 0 ? (
        <ul className="space-y-4" aria-label="Your bookings">
          {active.map((b) => (
            <li key={b.id} className="rounded-xl border border-slate-200 p-4" data-testid="booking-card">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold">{b.mentor.name}</h3>
                {SOURCE_BADGE[b.source] ? (
                  <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                    {SOURCE_BADGE[b.source]}
                  </span>
                ) : null}
              </div>
              {b.batch ? (
                <p className="text-sm text-slate-700" data-testid="booking-batch">
                  {batchDates(b.batch)} · {b.batch.status === 'running' ? 'running now' : `starts ${formatDate(b.batch.startsOn)}`}
                </p>
              ) : null}
              {b.mentor.profession || b.mentor.company ? (
                <p className="text-sm text-slate-600">{[b.mentor.profession, b.mentor.company].filter(Boolean).join(' · ')}</p>
              ) : null}
              <SessionTimes booking={b} />
              <div className="mt-3">
                <ConfirmAction
                  confirmKey={`cancel-${b.id}`}
                  trigger="Cancel your seat"
                  title="Cancel your seat?"
                  description={cancelSeatText(b)}
                  confirmLabel="Yes, cancel my seat"
                  fields={{ intent: 'cancel', bookingId: String(b.id) }}
                >
                  {b.batch?.status === 'running' ? <KeepNextSeat mentorName={b.mentor.name} /> : null}
                </ConfirmAction>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <WaitlistCards waiting={waiting} />
    </div>
  )
}

const SOURCE_BADGE: Partial<Record<BookingView['source'], string>> = {
  waitlist: 'Seat assigned from the waitlist',
  continuing: 'Continuing with your mentor',
  offer: 'Seat claimed',
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
