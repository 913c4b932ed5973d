import { bookingFormSchema, MESSAGES } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import type { BookFieldErrors, BookResult } from '~/components/booking/types'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { BookingSection } from '~/components/landing/BookingSection'
import { getMentorsWithSeats, postBooking } from '~/models/booking.server'
import { cms, isCmsUnavailable, UNAVAILABLE } from '~/models/cms.server'
import { getBusinessRules, getSiteSettings } from '~/models/content.server'
import { getOptionalUser, NO_STORE } from '~/utils/auth.server'
import { clearBookingDraft, hasBookingDraftCookie, readBookingDraft, saveBookingDraft } from '~/utils/booking-draft.server'
import { sentByScript } from '~/utils/sent-by-script.server'
import { getSessionToken } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'
import { alreadySeatedMessage, waitlistedMessage } from './book.server'

/**
 * The booking form's action (the landing page's "Book Your Session" posts here), and a page of
 * its own: GET shows the form alone; a plain POST without JavaScript renders the outcome here.
 * Success (a seat) always redirects to /myDashboard with the spec's toast.
 * A booking that needs a sign-in or a plan first is kept (booking-draft.server.ts), so the
 * student comes back to it with its values instead of typing them again.
 */
export const meta: MetaFunction = () => [{ title: 'Book a session · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request).catch(() => null)
  const token = await getSessionToken(request)
  const mentors = await getMentorsWithSeats(token).catch(() => [])
  const draft = await readBookingDraft(request, user?.id ?? null)
  const preselected = Number(new URL(request.url).searchParams.get('mentor')) || draft?.mentorId || null
  const [profile, rules, settings] = await Promise.all([
    user ? cms<{ phone?: string | null }>(`/users/${user.id}`, { token, query: { depth: 0 } }).catch(() => null) : null,
    getBusinessRules(),
    getSiteSettings().catch(() => null),
  ])
  return data(
    {
      holdHours: rules.offerHoldHours,
      booking: settings?.booking ?? null,
      mentors: mentors.map(({ id, name, action }) => ({ id, name, action })),
      user: user ? { email: user.email, name: user.name, phone: profile?.phone ?? null } : null,
      preselected,
      draft,
    },
    { headers: NO_STORE },
  )
}

const fail = (status: number, result: Omit<Extract<BookResult, { outcome: 'error' }>, 'id' | 'outcome'>, setCookie?: string | null) => {
  const headers = new Headers(NO_STORE)
  if (setCookie) headers.append('Set-Cookie', setCookie)
  return data<BookResult>({ id: crypto.randomUUID(), outcome: 'error', ...result }, { status, headers })
}

/** Set-Cookie dropping a kept booking that has nothing left to finish (null when there was none). */
const dropDraft = async (request: Request) => (hasBookingDraftCookie(request) ? clearBookingDraft() : null)

/** Headers of an answer after which the kept booking is done with. */
async function doneHeaders(request: Request): Promise<Headers> {
  const headers = new Headers(NO_STORE)
  const drop = await dropDraft(request)
  if (drop) headers.append('Set-Cookie', drop)
  return headers
}

/** "Please sign in"; the values are kept for whichever account signs in next, and the form comes back with them. */
const loginFirst = async (values: { name: string; contact: string; mentorId: string }) =>
  fail(
    401,
    { kind: 'login', title: MESSAGES.PLEASE_LOGIN, message: 'Sign in with your Google account to book a seat or join a waitlist.', values },
    await saveBookingDraft(values, null),
  )

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const values = {
    name: String(form.get('name') ?? ''),
    contact: String(form.get('contact') ?? ''),
    mentorId: String(form.get('mentorId') ?? ''),
  }
  const withJs = sentByScript(request, form)
  const token = await getSessionToken(request)
  let user: Awaited<ReturnType<typeof getOptionalUser>>
  try {
    user = await getOptionalUser(request)
  } catch {
    // The CMS could not say who this is: an outage, not a signed-out visitor.
    return fail(503, { kind: 'failed', title: UNAVAILABLE.title, message: UNAVAILABLE.message, values })
  }
  if (!user || !token) return loginFirst(values)
  const parsed = bookingFormSchema.safeParse(values)
  if (!parsed.success) {
    const fieldErrors: BookFieldErrors = {}
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof BookFieldErrors
      fieldErrors[key] ??= issue.message
    }
    const missing = Object.values(fieldErrors).includes(MESSAGES.MISSING_FIELDS)
    return fail(400, {
      kind: 'fields',
      title: missing ? MESSAGES.MISSING_FIELDS_TITLE : 'Invalid Phone Number',
      message: missing ? MESSAGES.MISSING_FIELDS : MESSAGES.INVALID_PHONE,
      fieldErrors,
      values,
    })
  }
  const mentorId = Number(parsed.data.mentorId)
  if (!Number.isInteger(mentorId) || mentorId <= 0) {
    return fail(400, {
      kind: 'fields',
      title: MESSAGES.MISSING_FIELDS_TITLE,
      message: MESSAGES.MISSING_FIELDS,
      fieldErrors: { mentorId: 'Please choose a mentor.' },
      values,
    })
  }

  let answer: Awaited<ReturnType<typeof postBooking>>
  try {
    answer = await postBooking(token, { mentorId, name: parsed.data.name, contact: parsed.data.contact })
  } catch (error) {
    if (isCmsUnavailable(error)) return fail(503, { kind: 'failed', title: UNAVAILABLE.title, message: UNAVAILABLE.message, values })
    return fail(502, { kind: 'failed', title: MESSAGES.BOOKING_FAILED_TITLE, message: MESSAGES.SOMETHING_WENT_WRONG, values })
  }
  if (answer.ok && answer.kind === 'booked') {
    return redirectWithToast('/myDashboard', { type: 'success', title: MESSAGES.BOOKING_CREATED }, { headers: await doneHeaders(request) })
  }
  if (answer.ok) {
    const message = await waitlistedMessage(token, user.id, mentorId, answer.position)
    if (!withJs) {
      return redirectWithToast(
        '/myDashboard',
        { type: 'info', title: MESSAGES.WAITLIST_TOKEN_TITLE, description: message },
        { headers: await doneHeaders(request) },
      )
    }
    return data<BookResult>(
      { id: crypto.randomUUID(), outcome: 'waitlisted', title: MESSAGES.WAITLIST_TOKEN_TITLE, message, position: answer.position },
      { headers: await doneHeaders(request) },
    )
  }
  if (answer.code === 'PAYMENT_REQUIRED') {
    // Kept for this student: after paying they finish it in one step (BuyPlanButton's success dialog).
    return fail(
      402,
      { kind: 'payment', title: MESSAGES.PAYMENT_REQUIRED_TITLE, message: MESSAGES.PAYMENT_REQUIRED, values },
      await saveBookingDraft(values, user.id),
    )
  }
  if (answer.code === 'UNAUTHENTICATED') return loginFirst(values)
  if (answer.code === 'ALREADY_BOOKED' || answer.code === 'MENTOR_ALREADY_BOOKED') {
    // Nothing left to finish: a kept booking would only offer itself again after the next payment.
    const message = answer.code === 'MENTOR_ALREADY_BOOKED' ? await alreadySeatedMessage(token, user.id, answer.message) : answer.message
    return fail(409, { kind: 'already', title: answer.title, message, values }, await dropDraft(request))
  }
  return fail(answer.status, {
    kind: 'failed',
    title: MESSAGES.BOOKING_FAILED_TITLE,
    message: answer.message || MESSAGES.SOMETHING_WENT_WRONG,
    values,
  })
}

export const headers = () => NO_STORE

export default function BookPage() {
  const { mentors, user, preselected, draft, holdHours, booking } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  return (
    <BookingSection
      mentors={mentors}
      user={user}
      draft={draft}
      preselectedMentorId={preselected}
      result={result ?? null}
      heading={booking?.heading}
      footnote={booking?.footnote}
      holdHours={holdHours}
    />
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
