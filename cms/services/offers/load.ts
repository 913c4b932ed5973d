import type { DiscountCode, Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { discountErrors } from './errors'
import type { CodeFacts } from './rules'

export type LoadedCode = CodeFacts & { id: number; rule: Pick<DiscountCode, 'kind' | 'percentOff' | 'amountOff'> }

/** The code by what the student typed (already in capitals), or DISCOUNT_CODE_UNKNOWN. */
export async function loadCode(req: PayloadRequest, code: string): Promise<LoadedCode> {
  const { docs } = await req.payload.find({
    collection: 'discount-codes',
    where: { code: { equals: code } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const doc = docs[0]
  if (!doc) throw discountErrors.unknown(code)
  return {
    id: doc.id,
    code: doc.code,
    active: doc.active !== false,
    startsAt: new Date(doc.startsAt),
    endsAt: doc.endsAt ? new Date(doc.endsAt) : null,
    planIds: (doc.plans ?? []).map((p) => (typeof p === 'object' ? (p as Plan).id : p)),
    maxUses: typeof doc.maxUses === 'number' ? doc.maxUses : null,
    maxUsesPerStudent: typeof doc.maxUsesPerStudent === 'number' ? doc.maxUsesPerStudent : 1,
    firstPurchaseOnly: doc.firstPurchaseOnly === true,
    rule: { kind: doc.kind, percentOff: doc.percentOff, amountOff: doc.amountOff },
  }
}

/** Has the student paid for any plan before (a complimentary plan is not a purchase)? */
export async function boughtBefore(req: PayloadRequest, userId: number): Promise<boolean> {
  const rows = await txQuery(
    req,
    sql`SELECT 1 FROM payments WHERE user_id = ${userId} AND status IN ('completed', 'refunded') AND gateway <> 'complimentary' LIMIT 1`,
  )
  return rows.length > 0
}
