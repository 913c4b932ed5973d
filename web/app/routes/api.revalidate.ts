import { REVALIDATE_SIGNATURE_HEADER, revalidateBodySchema, verifyRevalidation } from '@mentorloop/shared/revalidation'
import type { ActionFunctionArgs } from '@remix-run/node'
import { invalidate } from '~/models/content-cache.server'
import { env } from '~/utils/env.server'

/**
 * POST /api/revalidate — the CMS says which public content changed (signed with the shared
 * service key, see @mentorloop/shared/revalidation); the matching cache entries are dropped and
 * the next visitor gets the new content.
 */
const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } })

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return json({ message: 'Use POST.' }, 405)
  const body = await request.text()
  if (body.length > 4096) return json({ message: 'Body too large.' }, 413)
  if (!verifyRevalidation(env.SERVICE_KEY, request.headers.get(REVALIDATE_SIGNATURE_HEADER), body)) {
    return json({ message: 'A valid signature is required.' }, 401)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return json({ message: 'The body must be JSON.' }, 400)
  }
  const result = revalidateBodySchema.safeParse(parsed)
  if (!result.success) return json({ message: result.error.issues[0]?.message ?? 'Invalid body.' }, 400)
  const dropped = invalidate(result.data.tags)
  return json({ revalidated: result.data.tags, dropped }, 200)
}

export function loader() {
  return json({ message: 'Use POST.' }, 405)
}
