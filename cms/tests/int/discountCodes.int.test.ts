import { discountLine, earlyBirdBanner, formatRupees, paiseToRupees, rupeesToPaise } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { extractText, getDocumentProxy } from 'unpdf'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { setGatewayForTests } from '../../gateway'
import { txQuery } from '../../lib/transaction'
import { RESERVE_MS } from '../../services/offers'
import { paymentReceipt } from '../../services/payments/receipt'
import { type RestClient, reqAs, resetClock, setNow, setUpWorld, studentWithPlan } from '../fixtures'
import { checkoutBody, postWebhook, queuedEmails, refundGateway, runRefundJobs, sandbox } from '../helpers/payments'
import { createStudents, createUser, findPlan, type TestUser, unique } from '../helpers/scenarios'

/**
 * Discount codes (issue 35, Offers; decisions 195-197): staff create them in /admin, students apply
 * one at checkout and see the server's price, a checkout reserves a use under the code's row lock,
 * the verified payment counts it once, a failed or abandoned checkout gives it back, and the code
 * and discount follow the payment to its receipt, history and refund.
 */
// It runs the refunds queue with its own test gateway: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
let staff: TestUser
let admin: TestUser
let beginner: Plan
let placement: Plan
const MINUTE = 60_000

beforeAll(async () => {
  ;({ payload, rest, staff, admin } = await setUpWorld({ staff: true }))
  beginner = await findPlan(payload, 'BEGINNER_TECHY')
  placement = await findPlan(payload, 'PLACEMENT_FOCUSED')
})

afterEach(() => {
  resetClock()
  setGatewayForTests(null)
})

type CodeInput = {
  kind?: 'percent' | 'flat'
  percentOff?: number
  amountOff?: number
  plans?: number[]
  startsAt?: string
  endsAt?: string | null
  maxUses?: number | null
  maxUsesPerStudent?: number
  firstPurchaseOnly?: boolean
  active?: boolean
}

/** A code made by staff through the REST API, as /admin makes it. */
async function makeCode(over: CodeInput = {}): Promise<{ id: number; code: string }> {
  const code = unique('SAVE')
    .toUpperCase()
    .replace(/[^A-Z0-9_-]/g, '')
    .slice(0, 32)
  const res = await rest.post('/discount-codes', {
    token: staff.token,
    body: {
      code: code.toLowerCase(),
      kind: 'percent',
      percentOff: 20,
      startsAt: new Date(Date.now() - 60 * MINUTE).toISOString(),
      maxUsesPerStudent: 1,
      ...over,
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  expect(res.body.doc.code).toBe(code)
  return { id: res.body.doc.id, code }
}

const quote = (student: TestUser, code: string, planCode?: string) =>
  rest.post('/discount-codes/quote', { token: student.token, body: { code, ...(planCode ? { planCode } : {}) } })
const order = (student: TestUser, planCode: string, discountCode?: string) =>
  rest.post('/payments/create-order', { token: student.token, body: { planCode, ...(discountCode ? { discountCode } : {}) } })
const verify = (student: TestUser, orderId: string) =>
  rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(orderId) })

async function usesOf(codeId: number) {
  return txQuery<{ status: string; user_id: number; payment_id: number | null }>(
    await reqAs(),
    sql`SELECT status, user_id, payment_id FROM discount_code_uses WHERE discount_code_id = ${codeId} ORDER BY id`,
  )
}
/** The plan the order paid for is over (refunded), so the student may buy another: set straight in the table. */
async function endPayment(orderId: string) {
  await txQuery(await reqAs(), sql`UPDATE payments SET status = 'refunded' WHERE gateway_order_id = ${orderId}`)
}
const countOf = async (codeId: number, status: string) => (await usesOf(codeId)).filter((u) => u.status === status).length

describe('who may see and change discount codes', () => {
  it('staff create and edit codes, admins too; students and visitors never read the list or write one', async () => {
    const { id } = await makeCode()
    const edited = await rest.patch(`/discount-codes/${id}`, { token: admin.token, body: { percentOff: 25 } })
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect((await rest.patch(`/discount-codes/${id}`, { token: staff.token, body: { maxUses: 10 } })).status).toBe(200)

    const student = await createUser(payload)
    expect((await rest.get('/discount-codes', { token: student.token })).status).toBe(403)
    expect((await rest.get(`/discount-codes/${id}`, { token: student.token })).status).toBe(403)
    expect((await rest.get('/discount-codes')).status).toBe(403)
    expect(
      (await rest.post('/discount-codes', { token: student.token, body: { code: 'MINE', kind: 'percent', percentOff: 90 } })).status,
    ).toBe(403)
    expect((await rest.patch(`/discount-codes/${id}`, { token: student.token, body: { percentOff: 90 } })).status).toBe(403)
    expect((await rest.get('/discount-code-uses', { token: student.token })).status).toBe(403)
    expect((await quote(student, 'ANY')).status).toBe(404)
    expect((await rest.post('/discount-codes/quote', { body: { code: 'ANY' } })).status).toBe(401)
  })

  it('refuses a code that is not letters and digits, a percent past 90 and an Until before From, as 400s', async () => {
    const bad = (body: Record<string, unknown>) =>
      rest.post('/discount-codes', {
        token: staff.token,
        body: { kind: 'percent', percentOff: 10, startsAt: new Date().toISOString(), ...body },
      })
    expect((await bad({ code: 'no spaces!' })).status).toBe(400)
    expect((await bad({ code: unique('PCT').toUpperCase().slice(0, 30), percentOff: 95 })).status).toBe(400)
    expect(
      (await bad({ code: unique('END').toUpperCase().slice(0, 30), endsAt: new Date(Date.now() - 86_400_000).toISOString() })).status,
    ).toBe(400)
    const student = await createUser(payload)
    expect((await quote(student, 'a b')).status).toBe(400)
  })
})

describe('applying a code before paying: the server’s prices', () => {
  it('a percent code gives every mentorship plan its new price; the order is made for that amount and carries the code', async () => {
    const { code } = await makeCode({ percentOff: 20 })
    const student = await createUser(payload)
    const q = await quote(student, code.toLowerCase())
    expect(q.status, JSON.stringify(q.body)).toBe(200)
    const list = rupeesToPaise(beginner.price)
    expect(q.body.code).toBe(code)
    expect(q.body.plans).toContainEqual({ planCode: 'BEGINNER_TECHY', listAmount: list, discountAmount: list / 5, amount: list - list / 5 })

    // The browser's amount is never read: the order's amount is the server's.
    const o = await rest.post('/payments/create-order', {
      token: student.token,
      body: { planCode: 'BEGINNER_TECHY', discountCode: ` ${code.toLowerCase()} `, amount: 100 },
    })
    expect(o.status, JSON.stringify(o.body)).toBe(201)
    expect(o.body).toMatchObject({ amount: list - list / 5, listAmount: list, discount: { code, amount: list / 5 } })
  })

  it('a flat code takes its rupees off only the plans it is for; another plan is refused with the reason', async () => {
    const { code } = await makeCode({ kind: 'flat', amountOff: 100, plans: [placement.id] })
    const student = await createUser(payload)
    const q = await quote(student, code)
    expect(q.body.plans).toEqual([
      {
        planCode: 'PLACEMENT_FOCUSED',
        listAmount: rupeesToPaise(placement.price),
        discountAmount: 10_000,
        amount: rupeesToPaise(placement.price) - 10_000,
      },
    ])
    const refused = await quote(student, code, 'BEGINNER_TECHY')
    expect(refused).toMatchObject({ status: 409, body: { code: 'DISCOUNT_CODE_NOT_FOR_PLAN' } })
    expect((await order(student, 'BEGINNER_TECHY', code)).body.code).toBe('DISCOUNT_CODE_NOT_FOR_PLAN')
  })

  it('each rule refuses with its own code and words, before paying and at the order', async () => {
    const student = await createUser(payload)
    expect((await quote(student, 'NOSUCHCODE')).body).toMatchObject({
      code: 'DISCOUNT_CODE_UNKNOWN',
      message: 'There is no discount code “NOSUCHCODE”.',
    })
    const off = await makeCode({ active: false })
    expect((await quote(student, off.code)).body.code).toBe('DISCOUNT_CODE_UNKNOWN')

    // From and Until are moments (India time in /admin): tomorrow 9:00 am IST has not started; ended a minute ago has ended.
    const tomorrow = new Date(Date.now() + 86_400_000)
    const later = await makeCode({ startsAt: tomorrow.toISOString() })
    const notYet = await quote(student, later.code)
    expect(notYet.body.code).toBe('DISCOUNT_CODE_NOT_STARTED')
    expect(notYet.body.message).toMatch(/ IST\.$/)
    const past = await makeCode({
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() - MINUTE).toISOString(),
    })
    expect((await quote(student, past.code)).body.code).toBe('DISCOUNT_CODE_ENDED')
    expect((await order(student, 'BEGINNER_TECHY', past.code)).body.code).toBe('DISCOUNT_CODE_ENDED')
    // Nothing was reserved or ordered by a refused order.
    const { docs } = await payload.find({ collection: 'payments', where: { user: { equals: student.id } }, overrideAccess: true })
    expect(docs).toHaveLength(0)
  })

  it('a first-purchase code is refused to a student who has paid before; a complimentary plan is not a purchase', async () => {
    const { code } = await makeCode({ firstPurchaseOnly: true })
    const returning = await createUser(payload)
    const paid = await order(returning, 'BEGINNER_TECHY')
    expect((await verify(returning, paid.body.orderId)).status).toBe(200)
    await endPayment(paid.body.orderId)
    expect((await quote(returning, code, 'PLACEMENT_FOCUSED')).body.code).toBe('DISCOUNT_CODE_FIRST_PURCHASE')
    expect((await order(returning, 'PLACEMENT_FOCUSED', code)).body.code).toBe('DISCOUNT_CODE_FIRST_PURCHASE')
    const fresh = await createUser(payload)
    expect((await quote(fresh, code)).status).toBe(200)
    const given = await studentWithPlan()
    await txQuery(await reqAs(), sql`UPDATE payments SET gateway = 'complimentary', status = 'refunded' WHERE user_id = ${given.id}`)
    expect((await quote(given, code)).status).toBe(200)
  })
})

describe('a use counts once, when the payment is verified', () => {
  it('reserved at the order, used at verification, once through verification, its repeat and the webhook; shown everywhere', async () => {
    const { id, code } = await makeCode({ percentOff: 10, maxUses: 5 })
    const student = await createUser(payload, { name: 'Meera Iyer' })
    const o = await order(student, 'BEGINNER_TECHY', code)
    expect(o.status).toBe(201)
    expect(await usesOf(id)).toMatchObject([{ status: 'reserved', user_id: student.id }])

    const body = checkoutBody(o.body.orderId)
    const [a, b] = await Promise.all([
      rest.post('/payments/verify-payment', { token: student.token, body }),
      postWebhook(
        rest,
        sandbox.webhook('payment.captured', { payment: { id: body.razorpay_payment_id, order_id: o.body.orderId, status: 'captured' } }),
      ),
    ])
    expect(a.status, JSON.stringify(a.body)).toBe(200)
    expect(b.status).toBe(200)
    expect((await rest.post('/payments/verify-payment', { token: student.token, body })).status).toBe(200)
    expect(await usesOf(id)).toMatchObject([{ status: 'used', payment_id: a.body.payment.id }])
    const admins = await rest.get(`/discount-codes/${id}`, { token: staff.token })
    expect(admins.body.uses).toBe(1)

    const list = rupeesToPaise(beginner.price)
    const off = Math.round(list / 10)
    const line = discountLine({ code, amount: off })
    // The payment history and the admin's payment.
    const history = await rest.get('/payments/history', { token: student.token })
    expect(history.body[0]).toMatchObject({ amount: list - off, discount: { code, amount: off } })
    const adminView = await rest.get(`/payments/${a.body.payment.id}`, { token: admin.token, query: { depth: 0 } })
    expect(adminView.body).toMatchObject({ amount: list - off, discountCode: code, discountAmount: off })
    // The receipt e-mail and the PDF.
    const mail = (await queuedEmails(payload, student.email, 'payment-receipt'))[0]!
    expect(mail.text).toContain(`We received your payment of ${formatRupees(paiseToRupees(list - off))}`)
    expect(mail.text).toContain(line)
    const { pdf } = await paymentReceipt(await reqAs(), student, a.body.payment.id)
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
    const folded = text.replace(/\s+/g, ' ')
    expect(folded).toContain(`Price: ${formatRupees(beginner.price)}`)
    expect(folded).toContain(`Discount: code ${code}: −${formatRupees(paiseToRupees(off))}`)
    expect(folded).toContain(`Amount paid: ${formatRupees(paiseToRupees(list - off))}`)
  })

  it('uses per student: a second purchase with the same code is refused once the first is paid', async () => {
    const { code } = await makeCode({ maxUsesPerStudent: 1 })
    const student = await createUser(payload)
    const first = await order(student, 'BEGINNER_TECHY', code)
    expect((await verify(student, first.body.orderId)).status).toBe(200)
    // Its batch is over (so another plan may be bought): the code's use stays theirs.
    await endPayment(first.body.orderId)
    expect((await quote(student, code, 'PLACEMENT_FOCUSED')).body.code).toBe('DISCOUNT_CODE_USED_BY_YOU')
    expect((await order(student, 'PLACEMENT_FOCUSED', code)).body.code).toBe('DISCOUNT_CODE_USED_BY_YOU')
  })

  it('a student who closes the checkout and tries again gets the code again: their new checkout replaces the old one', async () => {
    const { id, code } = await makeCode({ maxUses: 1 })
    const student = await createUser(payload)
    expect((await order(student, 'BEGINNER_TECHY', code)).status).toBe(201)
    const again = await order(student, 'BEGINNER_TECHY', code)
    expect(again.status, JSON.stringify(again.body)).toBe(201)
    expect((await usesOf(id)).map((u) => u.status)).toEqual(['released', 'reserved'])
  })

  it('a failed payment gives its use back at once; an abandoned checkout after 30 minutes', async () => {
    const { id, code } = await makeCode({ maxUses: 1 })
    const [first, second, third] = [await createUser(payload), await createUser(payload), await createUser(payload)]
    const failed = await order(first, 'BEGINNER_TECHY', code)
    expect((await order(second, 'BEGINNER_TECHY', code)).body.code).toBe('DISCOUNT_CODE_USED_UP')
    await postWebhook(
      rest,
      sandbox.webhook('payment.failed', { payment: { id: unique('pay_f'), order_id: failed.body.orderId, status: 'failed' } }),
    )
    expect(await countOf(id, 'released')).toBe(1)
    expect((await order(second, 'BEGINNER_TECHY', code)).status).toBe(201)

    // The second student walks away: 30 minutes later the use is free for the third.
    expect((await order(third, 'BEGINNER_TECHY', code)).body.code).toBe('DISCOUNT_CODE_USED_UP')
    setNow(new Date(Date.now() + RESERVE_MS + MINUTE))
    const late = await order(third, 'BEGINNER_TECHY', code)
    expect(late.status, JSON.stringify(late.body)).toBe(201)
    expect((await verify(third, late.body.orderId)).status).toBe(200)
    expect(await countOf(id, 'used')).toBe(1)
  })

  it('the race: one use left and 50 students at once: exactly one order carries the code, the others are told before paying', async () => {
    const { id, code } = await makeCode({ maxUses: 1, maxUsesPerStudent: 1 })
    // Set-up first, with bounded concurrency; then the parallel part.
    const students = await createStudents(payload, 50)
    const answers = await Promise.all(students.map((s) => order(s, 'BEGINNER_TECHY', code)))
    const won = answers.filter((a) => a.status === 201)
    const lost = answers.filter((a) => a.status !== 201)
    expect(won).toHaveLength(1)
    expect(lost.map((a) => [a.status, a.body.code])).toEqual(lost.map(() => [409, 'DISCOUNT_CODE_USED_UP']))
    expect(lost[0]!.body.message).toContain('You can still buy the plan at its full price.')
    expect(await countOf(id, 'reserved')).toBe(1)

    // The winner pays (the browser and the webhook at once): one use. A loser pays the full price.
    const winner = students[answers.indexOf(won[0]!)]!
    const body = checkoutBody(won[0]!.body.orderId)
    await Promise.all([
      rest.post('/payments/verify-payment', { token: winner.token, body }),
      postWebhook(
        rest,
        sandbox.webhook('payment.captured', {
          payment: { id: body.razorpay_payment_id, order_id: body.razorpay_order_id, status: 'captured' },
        }),
      ),
    ])
    expect(await countOf(id, 'used')).toBe(1)
    const loser = students[answers.indexOf(lost[0]!)]!
    const full = await order(loser, 'BEGINNER_TECHY')
    expect(full.body).toMatchObject({ amount: rupeesToPaise(beginner.price), discount: null })
    expect((await usesOf(id)).length).toBe(1)
  })
})

describe('a refund returns what was paid', () => {
  it('the discounted amount goes back, not the plan’s price', async () => {
    const gateway = refundGateway()
    const { code } = await makeCode({ kind: 'flat', amountOff: 50 })
    const student = await createUser(payload)
    const o = await order(student, 'BEGINNER_TECHY', code)
    const paid = await verify(student, o.body.orderId)
    expect(paid.status).toBe(200)
    // An unused credit is refunded at once when asked.
    const asked = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId: paid.body.payment.id, reason: "Timing didn't work for me" },
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    await runRefundJobs(payload)
    const row = await payload.findByID({ collection: 'payments', id: paid.body.payment.id, overrideAccess: true, depth: 0 })
    expect(row).toMatchObject({ status: 'refunded', amount: rupeesToPaise(beginner.price) - 5_000, discountAmount: 5_000 })
    expect(gateway.callsFor(row.gatewayPaymentId!).map((c) => c.amount)).toEqual([rupeesToPaise(beginner.price) - 5_000])
  })
})

/** The banner's text and code as staff save them in Site settings (the test database has no full copy to save through REST). */
async function setBanner(text: string | null, codeId: number | null) {
  const req = await reqAs()
  const [row] = await txQuery<{ id: number }>(req, sql`SELECT id FROM site_settings ORDER BY id LIMIT 1`)
  if (row)
    await txQuery(
      req,
      sql`UPDATE site_settings SET plans_section_banner = ${text}, plans_section_banner_discount_code_id = ${codeId}, _status = 'published' WHERE id = ${row.id}`,
    )
  else
    await txQuery(
      req,
      sql`INSERT INTO site_settings (plans_section_banner, plans_section_banner_discount_code_id, _status, updated_at, created_at)
          VALUES (${text}, ${codeId}, 'published', now(), now())`,
    )
}

describe('the early-bird banner names a code and ends with it', () => {
  it('the public settings give the code and its end; the banner is gone after Until or when the code is switched off', async () => {
    const until = new Date(Date.now() + 2 * 86_400_000)
    const { id, code } = await makeCode({ endsAt: until.toISOString() })
    await setBanner('Early-bird: 20% off', id)
    const visitor = await rest.get('/globals/site-settings', { query: { depth: 0 } })
    const section = visitor.body.plansSection
    expect(section.bannerCode).toEqual({ code, endsAt: until.toISOString(), active: true })
    expect(earlyBirdBanner(section, new Date())).toMatchObject({ text: 'Early-bird: 20% off', code })
    expect(earlyBirdBanner(section, new Date(until.getTime() + 1))).toBeNull()

    await rest.patch(`/discount-codes/${id}`, { token: staff.token, body: { active: false } })
    const after = await rest.get('/globals/site-settings', { query: { depth: 0 } })
    expect(earlyBirdBanner(after.body.plansSection, new Date())).toBeNull()
    await rest.post('/globals/site-settings', {
      token: admin.token,
      body: { plansSection: { heading: 'Choose Your Plan', banner: null, bannerDiscountCode: null } },
    })
  })
})
