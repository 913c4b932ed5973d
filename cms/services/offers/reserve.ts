import { now, planLabel, rupeesToPaise } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { inTransaction, txQuery } from '../../lib/transaction'
import { discountFor } from './discount'
import { discountErrors } from './errors'
import { boughtBefore, loadCode } from './load'
import { refusal } from './rules'
import { countUsesOf, RESERVE_MS } from './uses'

export type Reservation = { useId: number; code: string; listAmount: number; discountAmount: number; amount: number }

/**
 * Keeps one use of the code for this student's checkout, or refuses before any order exists
 * (decision 196). In its own short transaction: the code's row is locked (`FOR UPDATE`), so
 * checkouts of one code are counted one after another: with one use left and 50 students at once,
 * the first to take the lock reserves it and the other 49 are told "used up" before paying. The
 * student's own earlier reservation of the code (a checkout they closed) is replaced, so trying
 * again never locks them out. The amount is the plan's price less the discount, in paise.
 */
export async function reserveDiscount(
  req: PayloadRequest,
  { userId, code, plan }: { userId: number; code: string; plan: Plan },
): Promise<Reservation> {
  const { id } = await loadCode(req, code)
  const listAmount = rupeesToPaise(plan.price)
  return inTransaction(req, async () => {
    await txQuery(req, sql`SELECT id FROM discount_codes WHERE id = ${id} FOR UPDATE`, { requireTransaction: true })
    // Read again under the lock: staff may have changed the code meanwhile.
    const locked = await loadCode(req, code)
    const at = now()
    await txQuery(
      req,
      sql`UPDATE discount_code_uses SET status = 'released', updated_at = now()
           WHERE discount_code_id = ${id} AND user_id = ${userId} AND status = 'reserved'`,
    )
    const uses = await countUsesOf(req, id, userId, at)
    const before = await boughtBefore(req, userId)
    const why = refusal(locked, { at, plan: { id: plan.id, name: planLabel(plan.name) }, boughtBefore: before, uses })
    if (why) throw why
    const discountAmount = discountFor(locked.rule, listAmount)
    if (discountAmount === 0) throw discountErrors.notForPlan(locked.code, planLabel(plan.name))
    const use = await req.payload.create({
      collection: 'discount-code-uses',
      data: {
        discountCode: id,
        user: userId,
        plan: plan.id,
        status: 'reserved',
        amount: discountAmount,
        expiresAt: new Date(at.getTime() + RESERVE_MS).toISOString(),
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
    return { useId: use.id, code: locked.code, listAmount, discountAmount, amount: listAmount - discountAmount }
  })
}
