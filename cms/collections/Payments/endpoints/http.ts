import { MESSAGES } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import type { z } from 'zod'
import { PaymentError } from '../../../services/payments/errors'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

export const json = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE })

/** Every payment endpoint starts here: a signed-in user, or 401 "Please Login". */
export function requireUser(req: PayloadRequest) {
  if (!req.user) throw new PaymentError('UNAUTHENTICATED', 401, MESSAGES.PLEASE_LOGIN)
  return req.user
}

export async function readJson<S extends z.ZodType>(req: PayloadRequest, schema: S): Promise<z.infer<S>> {
  const body = await (req.json?.() ?? Promise.reject(new Error('no body'))).catch(() => undefined)
  if (body === undefined) throw new PaymentError('INVALID_INPUT', 400, 'The request body must be JSON.')
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new PaymentError('INVALID_INPUT', 400, parsed.error.issues[0]?.message ?? 'Invalid request.')
  return parsed.data
}

/**
 * The `?email=` of the spec's calls may only name the caller (admins may name anyone). Returns
 * the user id whose data is asked for, or throws 403.
 */
export async function subjectUserId(req: PayloadRequest, email: string | null): Promise<number> {
  const user = requireUser(req)
  const wanted = email?.trim().toLowerCase()
  if (!wanted || wanted === user.email.toLowerCase()) return user.id
  const isAdmin = (user.roles ?? []).includes('admin')
  if (!isAdmin) throw new PaymentError('FORBIDDEN', 403, 'You can only see your own payments.')
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: wanted } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (!docs[0]) throw new PaymentError('PAYMENT_NOT_FOUND', 404, 'No user with that e-mail.')
  return docs[0].id
}

/** Maps a refusal to its HTTP answer; anything unexpected is logged and answered 500 with `fallback`. */
export function failure(req: PayloadRequest, error: unknown, fallback: string): Response {
  if (error instanceof PaymentError) return json(error.toBody(), error.status)
  req.payload.logger.error({ msg: fallback, err: error })
  return json({ success: false, code: 'INTERNAL', error: fallback, message: fallback }, 500)
}
