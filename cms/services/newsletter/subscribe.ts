import type { NewsletterForm } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'

export type SubscribeResult = { status: 'subscribed' | 'already-subscribed' }

async function exists(req: PayloadRequest, email: string): Promise<boolean> {
  const found = await req.payload.find({
    collection: 'newsletter-subscribers',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return found.totalDocs > 0
}

/**
 * Adds a visitor to the newsletter once per e-mail. A second subscription with the same e-mail is
 * not an error for the visitor (they are subscribed either way) and never reveals the stored name.
 * The unique index on `email` settles two simultaneous sign-ups.
 */
export async function subscribeToNewsletter(req: PayloadRequest, input: NewsletterForm): Promise<SubscribeResult> {
  if (await exists(req, input.email)) return { status: 'already-subscribed' }
  try {
    await req.payload.create({
      collection: 'newsletter-subscribers',
      data: { name: input.name, email: input.email },
      overrideAccess: true,
      depth: 0,
      req,
    })
    return { status: 'subscribed' }
  } catch (error) {
    if (await exists(req, input.email).catch(() => false)) return { status: 'already-subscribed' }
    throw error
  }
}
