import { nowMs } from '@mentorloop/shared'
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env } from './env.server'
import { sessionCookieIsSecure } from './session.server'

/**
 * The booking a student started and could not finish yet: they had to sign in, or buy a plan
 * first (docs/decisions/067-booking-draft.md). The /book action keeps the form's values in a
 * short-lived signed HttpOnly cookie of their own browser; the booking form is prefilled from it
 * after sign-in, and after a successful payment the success dialog offers to finish it in one
 * step. A booking that goes through (or a sign-out) clears it. A cookie, not server memory: any
 * instance of the site reads it (docs/design.md §12), and it survives the sign-in, which replaces
 * the session cookie.
 */
export const BOOKING_DRAFT_MAX_AGE_SECONDS = 2 * 60 * 60

const draftSchema = z.object({
  mentorId: z.number().int().positive().max(2_147_483_647),
  name: z.string().max(120),
  contact: z.string().max(20),
  /** Who started it; null for a visitor who was asked to sign in first (any account may take it). */
  userId: z.number().int().positive().nullable(),
  savedAt: z.number().int(),
})
export type BookingDraft = z.infer<typeof draftSchema>
/** What a page needs to prefill the form. */
export type BookingDraftValues = Pick<BookingDraft, 'mentorId' | 'name' | 'contact'>

export const bookingDraftCookie = createCookie('ml_booking_draft', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: sessionCookieIsSecure(env),
  secrets: [env.SESSION_SECRET],
  maxAge: BOOKING_DRAFT_MAX_AGE_SECONDS,
})

/** Set-Cookie keeping the form's values, or null when there is no mentor to come back to. */
export async function saveBookingDraft(
  values: { mentorId?: string; name?: string; contact?: string },
  userId: number | null,
): Promise<string | null> {
  const draft = draftSchema.safeParse({
    mentorId: Number(values.mentorId),
    name: (values.name ?? '').trim().slice(0, 120),
    contact: (values.contact ?? '').trim().slice(0, 20),
    userId,
    savedAt: nowMs(),
  })
  return draft.success ? bookingDraftCookie.serialize(draft.data) : null
}

/**
 * The draft in the request, for this visitor: null when absent, tampered with, older than its
 * lifetime, or started by another account.
 */
export async function readBookingDraft(request: Request, userId: number | null): Promise<BookingDraftValues | null> {
  const raw = await bookingDraftCookie.parse(request.headers.get('cookie')).catch(() => null)
  const parsed = draftSchema.safeParse(raw)
  if (!parsed.success) return null
  const draft = parsed.data
  const age = nowMs() - draft.savedAt
  if (age < 0 || age > BOOKING_DRAFT_MAX_AGE_SECONDS * 1000) return null
  if (draft.userId !== null && draft.userId !== userId) return null
  return { mentorId: draft.mentorId, name: draft.name, contact: draft.contact }
}

export function clearBookingDraft(): Promise<string> {
  return bookingDraftCookie.serialize('', { maxAge: 0, expires: new Date(0) })
}

/** True when the request carries a draft cookie at all (so that one is cleared only when there is one). */
export const hasBookingDraftCookie = (request: Request) => /(?:^|;\s*)ml_booking_draft=/.test(request.headers.get('cookie') ?? '')
