import { idSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { handle, isAdminUser, json, requireUser, type SignedInUser } from '../../../lib/endpoint'
import { BookingError, bookingErrors } from '../../../services/booking'
import { getActivePlan } from '../../../services/plans/getActivePlan'

/** Resolves a URL segment that is a user id or an e-mail (the spec uses both) to an id the caller may see. */
export async function resolveUserParam(req: PayloadRequest, user: SignedInUser, raw: unknown): Promise<number> {
  // A segment that is not valid percent-encoding (a lone %) is bad input, not a server error.
  let value: string
  try {
    value = decodeURIComponent(String(raw ?? '')).trim()
  } catch {
    throw new BookingError('INVALID_INPUT', 400, 'That is not a valid user id or e-mail.', 'Invalid Request')
  }
  const asId = idSchema.safeParse(value)
  if (asId.success) {
    if (asId.data !== user.id && !isAdminUser(user)) throw bookingErrors.forbidden('You may only see your own plan and bookings.')
    return asId.data
  }
  if (!value.includes('@')) throw bookingErrors.userNotFound()
  if (value.toLowerCase() === user.email.toLowerCase()) return user.id
  if (!isAdminUser(user)) throw bookingErrors.forbidden('You may only see your own plan and bookings.')
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: value.toLowerCase() } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (!docs[0]) throw bookingErrors.userNotFound()
  return docs[0].id
}

export async function planStatusFor(req: PayloadRequest, userId: number) {
  const active = await getActivePlan(req, userId, 'mentorship')
  return {
    hasActivePlan: Boolean(active),
    plan: active ? { id: active.plan.id, code: active.plan.code, name: active.plan.name } : null,
    expiresAt: active?.endsAt ?? null,
  }
}

/** GET /api/bookings/user/:idOrEmail/plan-status — the caller's own mentorship plan (admins: anyone's). */
export const planStatusEndpoint: Endpoint = {
  path: '/user/:id/plan-status',
  method: 'get',
  handler: handle(MESSAGES.FAILED_FETCH_PLAN_STATUS, async (req) => {
    const user = requireUser(req)
    const userId = await resolveUserParam(req, user, req.routeParams?.id)
    return json(await planStatusFor(req, userId))
  }),
}
