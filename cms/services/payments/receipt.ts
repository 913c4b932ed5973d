import { creditLastDay, discountLine, formatDate, formatDateRange, formatRupees, paiseToRupees } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import PDFDocument from 'pdfkit'
import { checkRole } from '../../access/checkRole'
import { AppError } from '../../lib/errors'
import { PDF_FONT, registerPdfFonts } from '../../lib/pdfFonts'
import { txQuery } from '../../lib/transaction'

/** Payments that have a receipt: money was taken (and, for refunded ones, given back). */
const RECEIPT_STATUSES = new Set<Payment['status']>(['completed', 'refunded'])

export type Receipt = { filename: string; pdf: Buffer }

const notFound = () => new AppError('NOT_FOUND', 404, 'There is no receipt for this payment.')

/**
 * The PDF receipt of one paid or refunded payment, for its student or an admin (anyone else gets
 * the same 404 as a payment that does not exist). Drawn with pdfkit; the business name, address
 * and optional GSTIN come from the `business` group of the site settings.
 */
export async function paymentReceipt(req: PayloadRequest, caller: Pick<User, 'id' | 'roles'>, paymentId: number): Promise<Receipt> {
  const payment = await req.payload.findByID({
    collection: 'payments',
    id: paymentId,
    depth: 1,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  if (!payment) throw notFound()
  const owner = typeof payment.user === 'object' ? payment.user : null
  const ownerId = owner?.id ?? payment.user
  if (ownerId !== caller.id && !checkRole(caller, 'admin')) throw notFound()
  if (!RECEIPT_STATUSES.has(payment.status) || payment.gateway === 'complimentary') throw notFound()
  const plan = typeof payment.plan === 'object' ? (payment.plan as Plan) : null
  const settings = await req.payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true, req })
  const business = settings.business
  const reference = payment.gatewayPaymentId ?? payment.gatewayOrderId
  const amount = formatRupees(paiseToRupees(Number(payment.amount)))
  const refund =
    payment.status === 'refunded'
      ? (
          await req.payload.find({
            collection: 'refund-requests',
            where: { payment: { equals: payment.id }, status: { equals: 'refunded' } },
            limit: 1,
            depth: 0,
            overrideAccess: true,
            req,
          })
        ).docs[0]
      : undefined

  const rows: [string, string][] = [
    ['Receipt number', `ML-${payment.id}`],
    ['Date paid', formatDate(payment.createdAt)],
    ['Billed to', [owner?.name?.trim(), owner?.email].filter(Boolean).join(' · ') || `Student #${ownerId}`],
    ['Plan', plan?.name ?? 'Plan'],
    ...(await coverageRow(req, payment, plan)),
    ...(payment.discountCode && payment.discountAmount
      ? ([
          ['Price', formatRupees(paiseToRupees(Number(payment.amount) + Number(payment.discountAmount)))],
          ['Discount', discountLine({ code: payment.discountCode, amount: Number(payment.discountAmount) }).replace(/^Discount /, '')],
        ] as [string, string][])
      : []),
    ['Amount paid', amount],
    ['Payment reference', reference],
    ['Status', payment.status === 'refunded' ? `Refunded${refund?.refundedAt ? ` on ${formatDate(refund.refundedAt)}` : ''}` : 'Paid'],
  ]

  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `Receipt ML-${payment.id}`, Author: business?.legalName ?? 'MentorLoop' },
  })
  // pdfkit's Helvetica has no ₹: an embedded Noto Sans does (docs/decisions/093).
  registerPdfFonts(doc)
  const chunks: Buffer[] = []
  doc.on('data', (c: Buffer) => chunks.push(c))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .text(business?.legalName ?? 'MentorLoop')
  doc
    .font(PDF_FONT.regular)
    .fontSize(10)
    .fillColor('#334155')
    .text(business?.address ?? '')
  if (business?.gstin) doc.text(`GSTIN: ${business.gstin}`)
  doc.moveDown(1.5).fillColor('#0f172a').font(PDF_FONT.bold).fontSize(14).text('Payment receipt')
  doc.moveDown(0.5).fontSize(11)
  for (const [label, value] of rows) {
    doc.font(PDF_FONT.bold).text(`${label}: `, { continued: true }).font(PDF_FONT.regular).text(value)
  }
  doc.moveDown(1.5).fontSize(9).fillColor('#475569').text('This is a computer-generated receipt and needs no signature.')
  doc.end()
  return { filename: `mentorloop-receipt-${payment.id}.pdf`, pdf: await done }
}

/**
 * What the payment pays (or paid) for (docs/decisions/069): a seat in one batch, a credit for the
 * next seat, or a question-bank plan's days. Nothing for a plan that paid for nothing.
 */
async function coverageRow(req: PayloadRequest, payment: Payment, plan: Plan | null): Promise<[string, string][]> {
  if (plan?.product !== 'mentorship') {
    return payment.subscriptionStarts && payment.subscriptionEnds
      ? [['Plan period', formatDateRange(payment.subscriptionStarts, payment.subscriptionEnds)]]
      : []
  }
  const batchId = payment.batch ? (typeof payment.batch === 'object' ? payment.batch.id : payment.batch) : null
  if (batchId) {
    const [b] = await txQuery<{ label: string; mentor: string; starts_on: string | Date; ends_on: string | Date }>(
      req,
      sql`SELECT b.label, m.name AS mentor, b.starts_on, b.ends_on FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE b.id = ${batchId}`,
    )
    if (b) {
      const sessions = Number(plan.sessionsIncluded ?? 0)
      return [
        [
          'Covers',
          `A seat in ${b.mentor}'s ${b.label} batch, ${formatDateRange(b.starts_on, b.ends_on)}${sessions > 0 ? ` (${sessions} live sessions)` : ''}`,
        ],
      ]
    }
  }
  if (payment.status === 'completed' && !payment.creditEndedAt && payment.subscriptionEnds)
    return [
      [
        'Covers',
        `The student's next seat (a credit, refunded automatically if no seat uses it by ${creditLastDay(payment.subscriptionEnds)})`,
      ],
    ]
  return []
}
