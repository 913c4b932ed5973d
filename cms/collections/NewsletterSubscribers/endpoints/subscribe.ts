import { NEWSLETTER_MESSAGES, newsletterSchema, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { z } from 'zod'
import { env } from '../../../lib/env'
import { isValidServiceKey } from '../../../services/auth/serviceKey'
import { subscribeToNewsletter } from '../../../services/newsletter/subscribe'

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

/**
 * POST /api/newsletter-subscribers/subscribe `{ name, email }` — the footer's newsletter box.
 * Server to server only (service key): the site's action rate-limits visitors per IP before it
 * calls, so nobody can fill the list by calling the CMS directly.
 */
export const subscribe: Endpoint = {
  path: '/subscribe',
  method: 'post',
  handler: async (req) => {
    if (!isValidServiceKey(req.headers.get(SERVICE_KEY_HEADER), env.SERVICE_KEY)) {
      return json({ code: 'SERVICE_KEY_INVALID', message: 'A valid service key is required.' }, 401)
    }
    const body = await (req.json?.() ?? Promise.reject(new Error('no body'))).catch(() => undefined)
    const parsed = newsletterSchema.safeParse(body)
    if (!parsed.success) {
      const message = body === undefined ? 'The request body must be JSON.' : (parsed.error.issues[0]?.message ?? 'Invalid request.')
      return json({ code: 'INVALID_INPUT', message, fieldErrors: z.flattenError(parsed.error).fieldErrors }, 400)
    }
    const result = await subscribeToNewsletter(req, parsed.data)
    const message = result.status === 'subscribed' ? NEWSLETTER_MESSAGES.SUBSCRIBED : NEWSLETTER_MESSAGES.ALREADY_SUBSCRIBED
    return json({ ...result, message }, result.status === 'subscribed' ? 201 : 200)
  },
}
