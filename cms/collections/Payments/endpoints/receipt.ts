import { idParamsSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { paymentReceipt } from '../../../services/payments/receipt'

/** GET /api/payments/:id/receipt — the PDF receipt of a paid or refunded payment (its student or an admin; 404 otherwise). */
export const receiptEndpoint = endpoint({
  path: '/:id/receipt',
  method: 'get',
  auth: 'user',
  params: idParamsSchema,
  failure: 'Failed to create the receipt',
  handler: async ({ req, user, params }) => {
    const { filename, pdf } = await paymentReceipt(req, user, params.id)
    return new Response(new Uint8Array(pdf), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Content-Length': String(pdf.length),
        'Cache-Control': 'private, no-store',
      },
    })
  },
})
