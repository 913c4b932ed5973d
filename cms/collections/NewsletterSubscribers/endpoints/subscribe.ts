import { NEWSLETTER_MESSAGES, newsletterSchema } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { subscribeToNewsletter } from '../../../services/newsletter/subscribe'

/**
 * POST /api/newsletter-subscribers/subscribe `{ name, email }` — the footer's newsletter box.
 * Server to server only (service key): the site's action rate-limits visitors per IP before it
 * calls, so nobody can fill the list by calling the CMS directly.
 */
export const subscribe = endpoint({
  path: '/subscribe',
  method: 'post',
  auth: 'service',
  body: newsletterSchema,
  failure: 'We could not save your subscription right now.',
  handler: async ({ req, body }) => {
    const result = await subscribeToNewsletter(req, body)
    const message = result.status === 'subscribed' ? NEWSLETTER_MESSAGES.SUBSCRIBED : NEWSLETTER_MESSAGES.ALREADY_SUBSCRIBED
    return json({ ...result, message }, { status: result.status === 'subscribed' ? 201 : 200 })
  },
})
