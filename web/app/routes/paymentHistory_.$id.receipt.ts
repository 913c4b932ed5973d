import { idParamsSchema } from '@mentorloop/shared'
import type { LoaderFunctionArgs } from '@remix-run/node'
import { cmsUrl } from '~/models/cms.server'
import { requireUser } from '~/utils/auth.server'

const text = (message: string, status: number) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/**
 * GET /paymentHistory/:id/receipt — the payment's PDF receipt, streamed from the CMS (which
 * checks that it is the signed-in student's own payment, or that they are an admin). A plain
 * link, so it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = await requireUser(request)
  const parsed = idParamsSchema.safeParse(params)
  if (!parsed.success) return text('There is no such receipt.', 404)
  let res: Response
  try {
    res = await fetch(cmsUrl(`/payments/${parsed.data.id}/receipt`), {
      headers: { Authorization: `JWT ${token}`, Accept: 'application/pdf' },
      signal: AbortSignal.timeout(20_000),
    })
  } catch {
    return text('The receipt could not be created right now. Please try again.', 503)
  }
  if (res.status === 404 || res.status === 403) return text('There is no such receipt.', 404)
  if (!res.ok || !res.body)
    return text('The receipt could not be created right now. Please try again.', res.status >= 500 ? 503 : res.status)
  return new Response(res.body, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': res.headers.get('content-disposition') ?? 'attachment; filename="mentorloop-receipt.pdf"',
      'Cache-Control': 'private, no-store',
    },
  })
}
