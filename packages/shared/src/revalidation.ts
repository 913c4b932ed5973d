import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/**
 * The CMS tells the site that public content changed: `POST {site}/api/revalidate` with a JSON
 * body `{ tags }`, signed with the shared SERVICE_KEY (HMAC-SHA256 over `${timestamp}.${body}`),
 * in the header `X-MentorLoop-Signature: t=<ms>,v1=<hex>`. Server-only (node:crypto): import it
 * from `@mentorloop/shared/revalidation`, never from the browser.
 */
export const REVALIDATE_PATH = '/api/revalidate'
export const REVALIDATE_SIGNATURE_HEADER = 'x-mentorloop-signature'
/** A signature older (or newer) than this is refused, so a captured call cannot be replayed later. */
export const REVALIDATE_MAX_SKEW_MS = 5 * 60 * 1000

export const REVALIDATE_TAGS = [
  'site-settings',
  'business-rules',
  'plans',
  'faqs',
  'testimonials',
  'pages',
  'mentors',
  'availability',
] as const
export type RevalidateTag = (typeof REVALIDATE_TAGS)[number]

export const revalidateBodySchema = z.object({
  tags: z
    .array(z.enum(REVALIDATE_TAGS, { error: 'Unknown content tag.' }))
    .min(1, 'Name at least one tag.')
    .max(20),
})

function mac(key: string, timestamp: number, body: string): Buffer {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest()
}

export function signRevalidation(key: string, body: string, now = Date.now()): string {
  return `t=${now},v1=${mac(key, now, body).toString('hex')}`
}

export function verifyRevalidation(key: string, header: string | null, body: string, now = Date.now()): boolean {
  if (!header || !key) return false
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]))
  const t = Number(parts.t)
  const given = parts.v1
  if (!Number.isSafeInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given)) return false
  if (Math.abs(now - t) > REVALIDATE_MAX_SKEW_MS) return false
  return timingSafeEqual(Buffer.from(given, 'hex'), mac(key, t, body))
}
