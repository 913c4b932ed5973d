import type { PayloadRequest } from 'payload'
import type { z } from 'zod'
import { checkRole } from '../access/checkRole'
import { BookingError, bookingErrors } from '../services/booking/errors'

/**
 * Small helpers for the thin custom endpoints: JSON in and out, zod parsing that answers 400
 * with the first issue's message, and BookingError -> its status and body. Anything else is a
 * 500 with a generic message (details go to the log, never to the client).
 */
export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })
}

export async function readJson(req: PayloadRequest): Promise<unknown> {
  if (!req.json) return undefined
  return req.json().catch(() => undefined)
}

export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input ?? {})
  if (!parsed.success) {
    const message = input === undefined ? 'The request body must be JSON.' : (parsed.error.issues[0]?.message ?? 'Invalid request.')
    throw new BookingError('INVALID_INPUT', 400, message, 'Invalid Request')
  }
  return parsed.data
}

export type SignedInUser = { id: number; email: string; name?: string | null; roles?: unknown }

export function requireUser(req: PayloadRequest): SignedInUser {
  if (!req.user) throw bookingErrors.pleaseLogin()
  return req.user as unknown as SignedInUser
}

export const isAdminUser = (user: unknown) => checkRole(user, 'admin')

/** A user id in the URL or body must be the caller's own, unless the caller is an admin. */
export function requireSelfOrAdmin(user: SignedInUser, userId: number | undefined): number {
  if (userId === undefined || userId === user.id) return user.id
  if (isAdminUser(user)) return userId
  throw bookingErrors.forbidden('You may only see or change your own bookings and waitlist entries.')
}

export function handle(fallbackMessage: string, fn: (req: PayloadRequest) => Promise<Response>) {
  return async (req: PayloadRequest): Promise<Response> => {
    try {
      return await fn(req)
    } catch (error) {
      if (error instanceof BookingError) return json(error.toBody(), error.status)
      req.payload.logger.error({ msg: fallbackMessage, err: error })
      return json({ code: 'INTERNAL', error: fallbackMessage, message: fallbackMessage }, 500)
    }
  }
}
