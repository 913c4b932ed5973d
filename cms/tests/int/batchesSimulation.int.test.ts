import { formatRupees } from '@mentorloop/shared'
import type { Mentor, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { txQuery } from '../../lib/transaction'
import { claimOffer, declineOffer } from '../../services/batches/offers'
import { listOffersOf } from '../../services/batches/views'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { paymentReceipt } from '../../services/payments/receipt'
import { istAt, reqAs, resetClock, setNow, setUpWorld } from '../fixtures'
import { assertInvariants, buyPlan, mailsOf, refundPayment, runTimeJobs, snapshot, tickTo } from '../helpers/batches'
import { queuedEmails } from '../helpers/payments'
import { createMentor, createUser, findPlan, unique } from '../helpers/scenarios'

/**
 * Three compressed months of the marketplace on real PostgreSQL, with the clock moved instead of
 * waited for (docs/decisions/045-batches-in-time.md): 2 mentors with batches of 3 seats, 12
 * students buying, renewing, cancelling, refunding, claiming held seats and letting them expire.
 * After every step: no batch over capacity, nobody seated twice in one period, nobody seated and
 * waiting for the same mentor; the queue order, the continuing students and the e-mails are
 * checked where they matter; at the end every job runs twice more and nothing changes.
 */
// Its jobs sweep every batch and offer with the clock months ahead: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let admin: User
let A: Mentor
let B: Mentor
const s: User[] = []
const tag = unique('sim')
const mail = (i: number) => `${tag}-s${i}@sim.mentorloop.in`

async function seatsOf(mentor: Mentor, label: string) {
  const rows = await txQuery<{ user_id: number; status: string; source: string }>(
    await reqAs(),
    sql`SELECT bk.user_id, bk.status, bk.source FROM bookings bk JOIN batches b ON b.id = bk.batch_id
         WHERE b.mentor_id = ${mentor.id} AND b.label = ${label} AND bk.status IN ('confirmed', 'completed') ORDER BY bk.id`,
  )
  return rows.map((r) => ({ user: Number(r.user_id), status: r.status, source: r.source }))
}
const who = (rows: { user: number }[]) => rows.map((r) => s.findIndex((x) => x.id === r.user))
async function batchStatus(mentor: Mentor) {
  const rows = await txQuery<{ label: string; status: string }>(
    await reqAs(),
    sql`SELECT label, status FROM batches WHERE mentor_id = ${mentor.id} ORDER BY starts_on`,
  )
  return Object.fromEntries(rows.map((r) => [r.label, r.status]))
}
async function heldFor(i: number) {
  return listOffersOf(await reqAs(), s[i]!.id)
}
/** The PDF receipt's text, whitespace folded (a long line wraps). */
async function receiptText(user: User, paymentId: number) {
  const { pdf } = await paymentReceipt(await reqAs(), user, paymentId)
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
  return text.replace(/\s+/g, ' ')
}
async function step(what: string, fn: () => Promise<unknown>) {
  await fn().catch((error) => {
    throw new Error(`${what}: ${(error as Error).message}`)
  })
  await assertInvariants(payload)
}

beforeAll(async () => {
  ;({ payload, admin } = await setUpWorld({ at: istAt(2027, 1, 10, 11), plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] }))
  A = await createMentor(payload, { capacity: 3, name: `${tag} Mentor A` })
  B = await createMentor(payload, { capacity: 3, name: `${tag} Mentor B` })
  for (let i = 0; i <= 12; i++) s.push(await createUser(payload, { email: mail(i), name: `Student ${i}` }))
}, 240_000)

afterAll(resetClock)

describe('three months of batches', () => {
  it('month 1: bookings fill February, the queue moves in order, a held seat expires and one is claimed', async () => {
    expect(await batchStatus(A)).toEqual({ 'February 2027': 'open' })
    const payments: Record<number, number> = {}
    for (const i of [1, 2, 3]) {
      await step(`s${i} buys and books A`, async () => {
        payments[i] = (await buyPlan(payload, s[i]!)).payment.id
        expect((await createBooking(await reqAs(), { userId: s[i]!.id, mentorId: A.id })).kind).toBe('booked')
      })
    }
    await step('s4 buys and books A: full, waits first', async () => {
      await buyPlan(payload, s[4]!)
      expect(await createBooking(await reqAs(), { userId: s[4]!.id, mentorId: A.id })).toMatchObject({ kind: 'waitlisted', position: 1 })
    })
    await step('s5 (no plan) joins A', async () => joinWaitlist(await reqAs(), { userId: s[5]!.id, mentorId: A.id }))
    await step('s6 buys and books A: waits third', async () => {
      await buyPlan(payload, s[6]!)
      expect(await createBooking(await reqAs(), { userId: s[6]!.id, mentorId: A.id })).toMatchObject({ kind: 'waitlisted', position: 3 })
    })
    for (const i of [7, 8]) {
      await step(`s${i} buys and books B`, async () => {
        await buyPlan(payload, s[i]!)
        await createBooking(await reqAs(), { userId: s[i]!.id, mentorId: B.id })
      })
    }
    await step('s9 (no plan) joins B while a seat is free: it is held for them', async () => {
      const joined = await joinWaitlist(await reqAs(), { userId: s[9]!.id, mentorId: B.id })
      expect(joined.assigned).toBe(false)
      expect(await heldFor(9)).toEqual([expect.objectContaining({ kind: 'waitlist', status: 'held' })])
    })
    await step('s9 lets it expire: the seat is free again, s9 keeps waiting', async () => {
      const work = await tickTo(payload, istAt(2027, 1, 11, 12))
      expect(work.expired).toBe(1)
      expect(await heldFor(9)).toEqual([])
    })
    await step('s10 buys and books B: the free seat', async () => {
      await buyPlan(payload, s[10]!)
      expect((await createBooking(await reqAs(), { userId: s[10]!.id, mentorId: B.id })).kind).toBe('booked')
    })
    await step('s2 cancels: the seat goes to the head of the queue, s4, who has a plan', async () => {
      const { docs } = await payload.find({ collection: 'bookings', where: { user: { equals: s[2]!.id } }, overrideAccess: true })
      const booking = docs[0]
      await cancelBooking({ payload, bookingId: booking!.id, byUser: s[2]! })
      expect(who(await seatsOf(A, 'February 2027'))).toEqual([1, 3, 4])
    })
    await step('s3 is refunded: the seat is held for s5 (no plan), who claims it by buying one', async () => {
      await refundPayment(payload, s[3]!, payments[3]!, admin)
      const [offer] = await heldFor(5)
      expect(offer).toMatchObject({ kind: 'waitlist', mentor: { id: A.id } })
      await buyPlan(payload, s[5]!, 'PLACEMENT_FOCUSED', offer!.id)
      expect(await seatsOf(A, 'February 2027')).toEqual([
        expect.objectContaining({ user: s[1]!.id }),
        expect.objectContaining({ user: s[4]!.id, source: 'waitlist' }),
        expect.objectContaining({ user: s[5]!.id, source: 'offer' }),
      ])
    })
    // Queued in the payment's one transaction: the seat, then the receipt that says what it pays for.
    expect(await mailsOf(payload, mail(5))).toEqual(['waitlist-joined', 'seat-offer', 'seat-confirmed', 'payment-receipt'])
    expect(await mailsOf(payload, mail(9))).toEqual(['seat-offer', 'seat-offer-expired'])

    // What s5 read (issue 20, docs/vocabulary.md): joining was free; the payment names its seat, the
    // batch's first to last day and the sessions, in the e-mail and on the PDF receipt.
    const placement = await findPlan(payload, 'PLACEMENT_FOCUSED')
    const seat = `${A.name}'s February 2027 batch`
    const [joined] = await queuedEmails(payload, mail(5), 'waitlist-joined')
    expect(joined?.text).toContain(`${A.name}'s batch is full, so you're on the waitlist: number 2. Joining is free.`)
    const [receipt] = await queuedEmails(payload, mail(5), 'payment-receipt')
    expect(receipt?.text).toContain(`We received your payment of ${formatRupees(placement.price)} for`)
    expect(receipt?.text).toContain(`It pays for your seat in ${seat} (1–28 Feb 2027, ${placement.sessionsIncluded} live sessions).`)
    const paid5 = await payload.find({ collection: 'payments', where: { user: { equals: s[5]!.id } }, depth: 0, overrideAccess: true })
    expect(await receiptText(s[5]!, paid5.docs[0]!.id)).toContain(
      `Covers: A seat in ${seat}, 1–28 Feb 2027 (${placement.sessionsIncluded} live sessions)`,
    )
    // A refunded payment's receipt: paid on its day, refunded on its day, no "plan period" from a day to the same day.
    const refunded = await receiptText(s[3]!, payments[3]!)
    expect(refunded).toMatch(/Date paid: \d{1,2} [A-Z][a-z]{2} 2027/)
    expect(refunded).toMatch(/Status: Refunded on \d{1,2} [A-Z][a-z]{2} 2027/)
    expect(refunded).not.toContain('Plan period')
    expect(refunded).not.toMatch(/INR|Rs\.?\s?\d/)
  })

  it('month 2: February runs, March opens with the February students first; renewals keep their mentor', async () => {
    await step('February starts: March opens, its seats held for the February students', async () => {
      const work = await tickTo(payload, istAt(2027, 2, 1, 0.1))
      expect(work).toMatchObject({ started: 2, opened: 2 })
      expect(await batchStatus(A)).toEqual({ 'February 2027': 'running', 'March 2027': 'open' })
      for (const i of [1, 4, 5, 7, 8, 10]) expect((await heldFor(i)).map((o) => o.kind)).toEqual(['continuing'])
      expect(await heldFor(6)).toEqual([])
    })
    expect((await mailsOf(payload, mail(6))).at(-1)).toBe('batch-opened')
    await step('renewal is refused before it opens (7 days before February ends)', async () => {
      await expect(buyPlan(payload, s[1]!)).rejects.toMatchObject({ code: 'ALREADY_PURCHASED' })
    })
    setNow(istAt(2027, 2, 23, 10))
    await step('s1, s4 and s7 renew: their held seats become theirs', async () => {
      for (const i of [1, 4, 7]) await buyPlan(payload, s[i]!)
      expect(await seatsOf(A, 'March 2027')).toEqual([
        expect.objectContaining({ user: s[1]!.id, source: 'continuing' }),
        expect.objectContaining({ user: s[4]!.id, source: 'continuing' }),
      ])
      expect(who(await seatsOf(B, 'March 2027'))).toEqual([7])
    })
    await step('s5 declines the held seat: it goes to s6, next in the queue, who has a plan', async () => {
      const [held] = await heldFor(5)
      await declineOffer(await reqAs(), held!.id, s[5]!)
      expect(who(await seatsOf(A, 'March 2027'))).toEqual([1, 4, 6])
    })
    await step('a student cannot claim another student’s held seat, nor an expired one', async () => {
      const [held8] = await heldFor(8)
      await expect(claimOffer(await reqAs(), held8!.id, s[10]!)).rejects.toMatchObject({ code: 'OFFER_NOT_FOUND' })
      await expect(claimOffer(await reqAs(), held8!.id, s[8]!)).rejects.toMatchObject({ code: 'PAYMENT_REQUIRED' })
    })
  })

  it('month 3: February completes, unclaimed holds pass on, March runs, late seats are offered and claimed', async () => {
    await step('March starts: February completes; the holds of s8 and s10 expire and B’s queue gets one', async () => {
      const work = await tickTo(payload, istAt(2027, 3, 1, 0.1))
      expect(work).toMatchObject({ started: 2, completed: 2, opened: 2 })
      expect(await batchStatus(B)).toEqual({ 'February 2027': 'completed', 'March 2027': 'running', 'April 2027': 'open' })
      expect((await seatsOf(B, 'February 2027')).map((r) => r.status)).toEqual(['completed', 'completed', 'completed'])
      expect(await heldFor(8)).toEqual([])
      // s9, waiting since January without a plan: a March seat is held for them (the first week takes late joiners).
      expect((await heldFor(9)).map((o) => [o.kind, o.batch.label])).toEqual([['waitlist', 'March 2027']])
    })
    expect(await mailsOf(payload, mail(8))).toContain('seat-offer-expired')
    expect(await mailsOf(payload, mail(10))).toContain('batch-completed')
    await step('s9 claims the March seat by buying a plan', async () => {
      const [held] = await heldFor(9)
      await buyPlan(payload, s[9]!, 'BEGINNER_TECHY', held!.id)
      expect(who(await seatsOf(B, 'March 2027'))).toEqual([7, 9])
    })
    await step('renewal reminders go 3 days before a held continuing seat runs out (the batch’s end), once', async () => {
      expect((await tickTo(payload, istAt(2027, 3, 28, 12))).reminders).toBe(0)
      const first = await tickTo(payload, istAt(2027, 3, 29, 12))
      expect(first.reminders).toBeGreaterThanOrEqual(1)
      expect((await tickTo(payload, istAt(2027, 3, 29, 13))).reminders).toBe(0)
      expect((await mailsOf(payload, mail(1))).filter((t) => t === 'renewal-reminder')).toEqual(['renewal-reminder'])
    })
    await step('s11 buys and books A: April’s seats are held for the March students, so s11 waits', async () => {
      await buyPlan(payload, s[11]!, 'PLACEMENT_FOCUSED')
      expect(await createBooking(await reqAs(), { userId: s[11]!.id, mentorId: A.id })).toMatchObject({ kind: 'waitlisted', position: 1 })
    })
    await step('s12 (no plan) joins B: the one free April seat is held for them', async () => {
      await joinWaitlist(await reqAs(), { userId: s[12]!.id, mentorId: B.id })
      expect((await heldFor(12)).map((o) => o.batch.label)).toEqual(['April 2027'])
    })
    await step('April starts: March completes; the March students who did not renew pass their seats on to s11', async () => {
      await tickTo(payload, istAt(2027, 4, 1, 0.1))
      expect(await batchStatus(A)).toMatchObject({ 'March 2027': 'completed', 'April 2027': 'running', 'May 2027': 'open' })
      expect(await seatsOf(A, 'April 2027')).toEqual([expect.objectContaining({ user: s[11]!.id, source: 'waitlist' })])
      // s12's April hold (24 hours) ran out long ago; s12 kept their place, and May, just opened, holds them a seat.
      expect((await heldFor(12)).map((o) => o.batch.label)).toEqual(['May 2027'])
      expect(await mailsOf(payload, mail(12))).toEqual(['seat-offer', 'seat-offer-expired', 'seat-offer'])
    })
  })

  it('every job run twice more changes nothing, and no e-mail was sent twice', async () => {
    const before = await snapshot(payload, [A.id, B.id], `${tag}-%`)
    await runTimeJobs(payload)
    await runTimeJobs(payload)
    const after = await snapshot(payload, [A.id, B.id], `${tag}-%`)
    expect(after).toEqual(before)
    const seen = new Set<string>()
    for (const m of after.emails as { to: string; template: string; subject: string }[]) {
      const key = `${m.to}|${m.template}|${m.subject}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
    }
  })
})
