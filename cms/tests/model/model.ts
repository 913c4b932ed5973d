import {
  DAY_MS,
  DEFAULT_OFFER_HOLD_HOURS,
  HOUR_MS,
  istDay,
  istMonth,
  REFUND_DECIDED_WITHIN_DAYS,
  RENEWAL_WINDOW_DAYS,
} from '@mentorloop/shared'

/**
 * A pure reference model of the seat rules (docs/decisions/069-a-plan-pays-for-one-batch.md,
 * docs/design.md §11, docs/decisions/073-a-model-of-the-rules.md): mentors and their monthly batches,
 * seats, queues, held seats, plans (credits or paying for one batch) and money, with no database.
 * Each action below says what the real services must do; the model-based test runs both and compares.
 * Students and mentors are indices (0, 1, ...); time is milliseconds on the shared clock; ids are the
 * model's own, increasing in the order the real rows are inserted (so ties order the same way).
 */

export const HOLD_MS = DEFAULT_OFFER_HOLD_HOURS * HOUR_MS
export const LATE_JOIN_MS = 7 * DAY_MS
export const CHECKOUT_HOLD_MS = 30 * 60_000
/** The price of the plan the model buys (BEGINNER_TECHY), in paise. */
export const PLAN_PAISE = 59_900

export type BatchStatus = 'open' | 'running' | 'completed'
export type MBatch = {
  id: number
  mentor: number
  year: number
  month: number
  startsOn: number
  endsOn: number
  status: BatchStatus
  capacity: number
}
export type MBooking = {
  id: number
  student: number
  mentor: number
  batch: number
  payment: number
  status: 'confirmed' | 'cancelled' | 'completed'
  source: 'direct' | 'waitlist' | 'offer' | 'continuing'
  at: number
  /** Given up while its batch ran, keeping the next month's held seat (issue 37: the default). */
  keepsNextHold?: boolean
}
export type MOffer = {
  id: number
  student: number
  mentor: number
  batch: number
  kind: 'waitlist' | 'continuing'
  status: 'held' | 'claimed' | 'declined' | 'expired' | 'cancelled'
  expiresAt: number
  checkoutExtended: boolean
  /** The one-off expiry job queued with the hold: due after its first expiry (Payload runs a job whose waitUntil has passed). */
  jobAt: number
  jobDone: boolean
}
export type MEntry = { id: number; student: number; mentor: number; status: 'waiting' | 'assigned' | 'removed'; joinedAt: number }
export type MPayment = {
  id: number
  student: number
  amount: number
  gateway: 'sandbox' | 'complimentary'
  status: 'completed' | 'refunded'
  batch: number | null
  /** For a credit: its deadline (the end of the next calendar month). */
  ends: number
  creditEnded: boolean
}
export type MRefund = {
  id: number
  payment: number
  status: 'requested' | 'approved' | 'refunded'
  /** When the student asked: a request still waiting REFUND_DECIDED_WITHIN_DAYS later is approved by the tick (docs/decisions/215). */
  at: number
  /** Its one e-mail was its decision's (decided without an admin): the settlement sends none (issue 37). */
  told?: boolean
}
export type MMentor = { capacity: number; paused: boolean }

export type Model = {
  now: number
  mentors: MMentor[]
  students: number
  batches: MBatch[]
  bookings: MBooking[]
  offers: MOffer[]
  waitlist: MEntry[]
  payments: MPayment[]
  refunds: MRefund[]
  nextId: { batch: number; booking: number; offer: number; entry: number; payment: number; refund: number }
  /** E-mails the model expects, by student and template (seat news only; the others are checked for duplicates). */
  mails: Map<string, number>
}

/** What an action answered: a result kind, or the error code the service threw. */
export type Outcome = { ok: true; kind: string } | { ok: false; code: string }
const ok = (kind: string): Outcome => ({ ok: true, kind })
const fail = (code: string): Outcome => ({ ok: false, code })

export const batchEnd = (b: Pick<MBatch, 'endsOn'>) => b.endsOn + DAY_MS
const takesStudents = (b: MBatch, at: number) => b.status === 'open' || (b.status === 'running' && at < b.startsOn + LATE_JOIN_MS)
/** The end of the calendar month after `at`'s (India time): a credit's deadline. */
export function creditDeadline(at: number): number {
  const { year, month } = istDay(new Date(at))
  return istMonth(year, month + 2).startsOn.getTime()
}

export function newModel(now: number, capacities: number[], students: number): Model {
  const m: Model = {
    now,
    mentors: capacities.map((capacity) => ({ capacity, paused: false })),
    students,
    batches: [],
    bookings: [],
    offers: [],
    waitlist: [],
    payments: [],
    refunds: [],
    nextId: { batch: 1, booking: 1, offer: 1, entry: 1, payment: 1, refund: 1 },
    mails: new Map(),
  }
  // A published mentor set to auto-open gets the next month's batch.
  for (let i = 0; i < capacities.length; i++) openNextBatch(m, i, false)
  return m
}

const mail = (m: Model, student: number, template: string) => {
  const k = `${student}:${template}`
  m.mails.set(k, (m.mails.get(k) ?? 0) + 1)
}

// ---------------------------------------------------------------------------------------------
// Reading the state
// ---------------------------------------------------------------------------------------------

const batchOf = (m: Model, id: number) => m.batches.find((b) => b.id === id)!
const openBatch = (m: Model, mentor: number) => m.batches.find((b) => b.mentor === mentor && b.status === 'open')
const taken = (m: Model, b: MBatch) =>
  m.bookings.filter((x) => x.batch === b.id && x.status === 'confirmed').length +
  m.offers.filter((o) => o.batch === b.id && o.status === 'held').length
const overlaps = (a: MBatch, b: MBatch) => a.startsOn <= b.endsOn && a.endsOn >= b.startsOn

/** Usable credits of the student, oldest (lowest id) first. */
export function creditsOf(m: Model, student: number): MPayment[] {
  return m.payments
    .filter((p) => p.student === student && p.status === 'completed' && p.batch === null && !p.creditEnded && p.ends > m.now)
    .sort((a, b) => a.id - b.id)
}
const oldestCredit = (m: Model, student: number) => creditsOf(m, student)[0]

/** A confirmed booking or held seat in an open batch (currentSeatOf). */
function currentSeatOf(m: Model, student: number): { mentor: number } | null {
  const b = m.bookings.find((x) => x.student === student && x.status === 'confirmed' && batchOf(m, x.batch).status === 'open')
  if (b) return { mentor: b.mentor }
  const o = m.offers.find((x) => x.student === student && x.status === 'held' && batchOf(m, x.batch).status === 'open')
  return o ? { mentor: o.mentor } : null
}

function seatedWith(m: Model, student: number, mentor: number): boolean {
  return (
    m.bookings.some(
      (x) =>
        x.student === student &&
        x.mentor === mentor &&
        x.status === 'confirmed' &&
        ['open', 'running'].includes(batchOf(m, x.batch).status),
    ) || m.offers.some((o) => o.student === student && o.mentor === mentor && o.status === 'held')
  )
}

function seatedElsewhereInPeriod(m: Model, student: number, batch: MBatch): boolean {
  return m.bookings.some(
    (x) => x.student === student && x.status === 'confirmed' && x.batch !== batch.id && overlaps(batchOf(m, x.batch), batch),
  )
}

// ---------------------------------------------------------------------------------------------
// The queue machinery (fillBatch)
// ---------------------------------------------------------------------------------------------

type Candidate = { student: number; closedHere: boolean; offeredHere: boolean; elsewhere: boolean }

function candidate(m: Model, batch: MBatch, student: number): Candidate {
  return {
    student,
    closedHere:
      m.bookings.some((x) => x.batch === batch.id && x.student === student && (x.status === 'confirmed' || x.status === 'cancelled')) ||
      m.offers.some((o) => o.batch === batch.id && o.student === student && o.status !== 'expired'),
    offeredHere: m.offers.some((o) => o.batch === batch.id && o.student === student),
    elsewhere:
      seatedElsewhereInPeriod(m, student, batch) ||
      m.offers.some((o) => o.student === student && o.status === 'held' && o.batch !== batch.id),
  }
}

function previousBatch(m: Model, b: MBatch): MBatch | undefined {
  return m.batches
    .filter((x) => x.mentor === b.mentor && x.id !== b.id && x.startsOn < b.startsOn)
    .sort((x, y) => y.startsOn - x.startsOn || y.id - x.id)[0]
}

export type SeatOutcome = { kind: 'seated' | 'offered'; student: number }

/** Hands out the batch's free seats in queue order, as cms/services/batches/seating.ts fillBatch does. */
export function fillBatch(m: Model, batch: MBatch): SeatOutcome[] {
  const mentor = m.mentors[batch.mentor]!
  if (mentor.paused || !takesStudents(batch, m.now)) return []
  let free = batch.capacity - taken(m, batch)
  const previous = previousBatch(m, batch)
  if (free <= 0 && !previous) return []
  const decided = new Set<number>()
  const decisions: { student: number; seat: boolean; kind: 'continuing' | 'waitlist'; expiresAt: number }[] = []
  const credit = new Map<number, number>()
  const creditFor = (s: number) => {
    if (!credit.has(s)) credit.set(s, oldestCredit(m, s)?.id ?? -1)
    return credit.get(s)! >= 0
  }
  if (previous) {
    const firstAt = new Map<number, number>()
    for (const x of m.bookings)
      if (
        x.batch === previous.id &&
        (x.status === 'confirmed' || x.status === 'completed' || (x.status === 'cancelled' && x.keepsNextHold))
      )
        firstAt.set(x.student, Math.min(firstAt.get(x.student) ?? Number.POSITIVE_INFINITY, x.at))
    const list = [...firstAt.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map(([s]) => candidate(m, batch, s))
    const open = list.filter((c) => !c.closedHere && !c.offeredHere && !c.elsewhere)
    const inOrder = [...open.filter((c) => creditFor(c.student)), ...open.filter((c) => !creditFor(c.student))]
    const left: number[] = []
    for (const c of inOrder) {
      if (free <= 0) {
        left.push(c.student)
        continue
      }
      decisions.push({
        student: c.student,
        seat: creditFor(c.student),
        kind: 'continuing',
        expiresAt: Math.max(batchEnd(previous), m.now + HOLD_MS),
      })
      decided.add(c.student)
      free--
    }
    for (const s of left) {
      if (m.waitlist.some((e) => e.student === s && e.mentor === batch.mentor && e.status === 'waiting')) continue
      m.waitlist.push({ id: m.nextId.entry++, student: s, mentor: batch.mentor, status: 'waiting', joinedAt: m.now })
      mail(m, s, 'continuing-no-seat')
    }
  }
  if (free > 0) {
    const queue = m.waitlist
      .filter((e) => e.mentor === batch.mentor && e.status === 'waiting')
      .sort((a, b) => a.joinedAt - b.joinedAt || a.id - b.id)
      .map((e) => candidate(m, batch, e.student))
    for (const c of queue) {
      if (free <= 0) break
      if (decided.has(c.student) || c.closedHere || c.elsewhere) continue
      if (creditFor(c.student)) decisions.push({ student: c.student, seat: true, kind: 'waitlist', expiresAt: 0 })
      else if (!c.offeredHere) decisions.push({ student: c.student, seat: false, kind: 'waitlist', expiresAt: m.now + HOLD_MS })
      else continue
      decided.add(c.student)
      free--
    }
  }
  // Written as the service writes them: the seats (in order), then the holds (in order).
  for (const d of decisions.filter((x) => x.seat)) {
    const pay = m.payments.find((p) => p.id === credit.get(d.student))!
    payFor(pay, batch)
    addBooking(m, d.student, batch, pay.id, d.kind === 'continuing' ? 'continuing' : 'waitlist')
    mail(m, d.student, d.kind === 'continuing' ? 'seat-confirmed' : 'waitlist-seat-assigned')
  }
  for (const d of decisions.filter((x) => !x.seat)) {
    m.offers.push({
      id: m.nextId.offer++,
      student: d.student,
      mentor: batch.mentor,
      batch: batch.id,
      kind: d.kind,
      status: 'held',
      expiresAt: d.expiresAt,
      checkoutExtended: false,
      jobAt: d.expiresAt,
      jobDone: false,
    })
    mail(m, d.student, 'seat-offer')
  }
  return decisions.map((d) => ({ kind: d.seat ? 'seated' : 'offered', student: d.student }))
}

/** Every batch of the mentor that takes students, in time order. */
export function fillMentorBatches(m: Model, mentor: number): SeatOutcome[] {
  const batches = m.batches.filter((b) => b.mentor === mentor && (b.status === 'open' || b.status === 'running'))
  batches.sort((a, b) => a.startsOn - b.startsOn || a.id - b.id)
  return batches.flatMap((b) => fillBatch(m, b))
}

function payFor(p: MPayment, b: MBatch) {
  p.batch = b.id
  p.ends = batchEnd(b)
}

function addBooking(m: Model, student: number, b: MBatch, payment: number, source: MBooking['source']): MBooking {
  const booking: MBooking = {
    id: m.nextId.booking++,
    student,
    mentor: b.mentor,
    batch: b.id,
    payment,
    status: 'confirmed',
    source,
    at: m.now,
  }
  m.bookings.push(booking)
  // Their place in that mentor's queue is used up.
  for (const e of m.waitlist) if (e.student === student && e.mentor === b.mentor && e.status === 'waiting') e.status = 'assigned'
  return booking
}

// ---------------------------------------------------------------------------------------------
// Batches in time
// ---------------------------------------------------------------------------------------------

/** The mentor's next batch (ensureOpenBatch): the month after their latest, with its capacity. */
function openNextBatch(m: Model, mentor: number, fill = true): MBatch | null {
  if (openBatch(m, mentor)) return null
  const latest = m.batches.filter((b) => b.mentor === mentor).sort((a, b) => b.endsOn - a.endsOn || b.id - a.id)[0]
  const now = istDay(new Date(m.now))
  let { year, month } = { year: now.year, month: now.month + 1 }
  if (latest && latest.year * 12 + latest.month >= year * 12 + month - 1) ({ year, month } = { year: latest.year, month: latest.month + 1 })
  if (month > 12) ({ year, month } = { year: year + 1, month: month - 12 })
  const period = istMonth(year, month)
  const b: MBatch = {
    id: m.nextId.batch++,
    mentor,
    year,
    month,
    startsOn: period.startsOn.getTime(),
    endsOn: period.endsOn.getTime(),
    status: 'open',
    capacity: latest ? latest.capacity : m.mentors[mentor]!.capacity,
  }
  m.batches.push(b)
  if (fill) fillBatch(m, b)
  return b
}

function expireOffer(m: Model, o: MOffer): boolean {
  if (o.status !== 'held' || o.expiresAt > m.now) return false
  o.status = 'expired'
  mail(m, o.student, 'seat-offer-expired')
  fillMentorBatches(m, o.mentor)
  return true
}

/** One time tick (jobs/time.ts runTimeWork): holds, batches, credits, overdue refund requests, in that order. */
export function tick(m: Model): void {
  for (const o of m.offers
    .filter((x) => x.status === 'held' && x.expiresAt <= m.now)
    .sort((a, b) => a.expiresAt - b.expiresAt || a.id - b.id))
    expireOffer(m, o)
  for (const b of m.batches
    .filter((x) => x.status === 'running' && x.endsOn <= m.now - DAY_MS)
    .sort((a, b) => a.endsOn - b.endsOn || a.id - b.id)) {
    b.status = 'completed'
    for (const x of m.bookings) if (x.batch === b.id && x.status === 'confirmed') x.status = 'completed'
    for (const o of m.offers) if (o.batch === b.id && o.status === 'held') o.status = 'cancelled'
  }
  for (const b of m.batches
    .filter((x) => x.status === 'open' && x.startsOn <= m.now)
    .sort((a, b) => a.startsOn - b.startsOn || a.id - b.id)) {
    b.status = 'running'
    openNextBatch(m, b.mentor)
  }
  for (let i = 0; i < m.mentors.length; i++) if (!openBatch(m, i)) openNextBatch(m, i)
  // Free seats go to whoever is in line for them (fillFreeSeats).
  for (let i = 0; i < m.mentors.length; i++) if (inLineForFreeSeat(m, i)) fillMentorBatches(m, i)
  for (const p of m.payments
    .filter((x) => x.status === 'completed' && x.batch === null && !x.creditEnded && x.ends <= m.now)
    .sort((a, b) => a.ends - b.ends || a.id - b.id)) {
    if (p.gateway === 'complimentary') {
      p.creditEnded = true
      mail(m, p.student, 'credit-lapsed')
    } else if (approveNow(m, p)) mail(m, p.student, 'credit-refunded')
  }
  // Requests nobody decided by their day: approved as an admin's Approve would (approveOverdueRefunds).
  for (const r of m.refunds
    .filter((x) => x.status === 'requested' && x.at + REFUND_DECIDED_WITHIN_DAYS * DAY_MS <= m.now)
    .sort((a, b) => a.at - b.at || a.id - b.id))
    approveRefund(m, r.id)
  sendReminders(m)
}

function inLineForFreeSeat(m: Model, mentor: number): boolean {
  if (m.mentors[mentor]!.paused) return false
  return m.batches.some(
    (b) =>
      b.mentor === mentor &&
      takesStudents(b, m.now) &&
      b.capacity > taken(m, b) &&
      (m.waitlist.some((e) => e.mentor === mentor && e.status === 'waiting') ||
        m.bookings.some(
          (x) => x.mentor === mentor && ['confirmed', 'completed'].includes(x.status) && batchOf(m, x.batch).startsOn < b.startsOn,
        )),
  )
}

/** The offers queue's one-off expiries that are due (each expires its hold if still due). */
export function runOfferJobs(m: Model, limit = Number.POSITIVE_INFINITY): void {
  const due = m.offers.filter((x) => !x.jobDone && x.jobAt < m.now).sort((a, b) => a.id - b.id)
  for (const o of due.slice(0, limit)) {
    o.jobDone = true
    expireOffer(m, o)
  }
}

/**
 * The tick and the offers queue on two workers at once: the first `k` due expiry jobs run before the
 * tick takes the time lock, the others find it taken (or their hold expired by the tick) and do
 * nothing. Every `k` is a possible outcome; the test accepts the one the real run took.
 */
export function tickBesideOfferJobs(m: Model, k: number): void {
  runOfferJobs(m, k)
  const due = m.offers.filter((x) => !x.jobDone && x.jobAt < m.now)
  tick(m)
  for (const o of due) o.jobDone = true
}

export const dueOfferJobs = (m: Model) => m.offers.filter((x) => !x.jobDone && x.jobAt < m.now).length

// ---------------------------------------------------------------------------------------------
// Student and admin actions
// ---------------------------------------------------------------------------------------------

/** createBooking: a seat if one is free (paid by a credit), else the queue. */
export function book(m: Model, student: number, mentor: number): Outcome {
  const ob = openBatch(m, mentor)
  const open = !!ob && !m.mentors[mentor]!.paused && taken(m, ob) < ob.capacity
  const current = currentSeatOf(m, student)
  if (current) return fail(current.mentor === mentor ? 'ALREADY_BOOKED' : 'MENTOR_ALREADY_BOOKED')
  if (open) {
    const c = oldestCredit(m, student)
    if (!c) return fail('PAYMENT_REQUIRED')
    payFor(c, ob)
    addBooking(m, student, ob, c.id, 'direct')
    mail(m, student, 'booking-confirmed')
    return ok('booked')
  }
  // Seated with this mentor (running batch or a held seat): nothing to wait for, as joinWaitlist.
  if (seatedWith(m, student, mentor)) return fail('ALREADY_BOOKED')
  const already = m.waitlist.some((e) => e.student === student && e.mentor === mentor && e.status === 'waiting')
  if (!already) {
    m.waitlist.push({ id: m.nextId.entry++, student, mentor, status: 'waiting', joinedAt: m.now })
    mail(m, student, 'waitlist-joined')
  }
  return ok('waitlisted')
}

/** joinWaitlist: free, no plan needed; refused while seated or holding a seat with that mentor. */
export function joinWaitlist(m: Model, student: number, mentor: number): Outcome {
  if (seatedWith(m, student, mentor)) return fail('ALREADY_BOOKED')
  if (m.waitlist.some((e) => e.student === student && e.mentor === mentor && e.status === 'waiting')) return ok('already')
  const entry: MEntry = { id: m.nextId.entry++, student, mentor, status: 'waiting', joinedAt: m.now }
  m.waitlist.push(entry)
  const out = fillMentorBatches(m, mentor)
  const mine = out.find((o) => o.student === student)
  if (mine?.kind === 'seated') return ok('assigned')
  if (!mine) mail(m, student, 'waitlist-joined')
  return ok(mine ? 'offered' : 'waiting')
}

/** cancelBooking: the seat goes to the queue; a batch that has not started gives the plan back as a credit. */
export function cancel(m: Model, bookingId: number, byAdmin: boolean, refunded = false): Outcome {
  const x = m.bookings.find((b) => b.id === bookingId)
  if (x?.status !== 'confirmed') return ok('none')
  x.status = 'cancelled'
  // Given up while its batch runs: still continuing with the mentor, the next held seat kept (issue 37).
  if (batchOf(m, x.batch).status === 'running') x.keepsNextHold = true
  const p = m.payments.find((q) => q.id === x.payment)!
  let plan = 'refunded'
  if (!refunded) {
    if (batchOf(m, x.batch).status === 'open') {
      p.batch = null
      p.ends = creditDeadline(m.now)
      plan = 'credit'
    } else plan = 'used'
    if (byAdmin) mail(m, x.student, 'booking-cancelled')
  }
  fillMentorBatches(m, x.mentor)
  return ok(plan)
}

/** purchaseDecision for a mentorship plan (cms/services/plans/purchaseRule.ts). */
export function mayBuy(m: Model, student: number): boolean {
  const live = m.payments.filter(
    (p) =>
      p.student === student &&
      p.status === 'completed' &&
      p.ends > m.now &&
      (p.batch !== null || !p.creditEnded) &&
      (p.batch === null ||
        (['open', 'running'].includes(batchOf(m, p.batch).status) &&
          m.bookings.some((x) => x.payment === p.id && x.status === 'confirmed'))),
  )
  if (live.some((p) => p.batch === null)) return false
  if (live.some((p) => batchOf(m, p.batch!).status === 'open')) return false
  if (m.offers.some((o) => o.student === student && o.status === 'held' && o.kind === 'waitlist' && o.expiresAt > m.now)) return true
  const running = live
    .filter((p) => batchOf(m, p.batch!).status === 'running')
    .sort((a, b) => batchOf(m, a.batch!).startsOn - batchOf(m, b.batch!).startsOn || a.id - b.id)[0]
  if (running) return batchEnd(batchOf(m, running.batch!)) - RENEWAL_WINDOW_DAYS * DAY_MS <= m.now
  return true
}

/** An order created (createOrderForPlan): refused by the purchase rule; on a held seat, the hold lasts the checkout. */
export function startCheckout(m: Model, student: number, offerId?: number): Outcome {
  if (!mayBuy(m, student)) return fail('ALREADY_PURCHASED')
  if (offerId !== undefined) {
    const o = m.offers.find((x) => x.id === offerId)!
    if (o.status === 'expired' || (o.status === 'held' && o.expiresAt <= m.now)) return fail('OFFER_EXPIRED')
    if (o.status !== 'held') return fail('OFFER_NOT_HELD')
    if (!o.checkoutExtended) {
      o.checkoutExtended = true
      o.expiresAt = Math.max(o.expiresAt, m.now + CHECKOUT_HOLD_MS)
    }
  }
  return ok('order')
}

/** The payment verified (completePayment): a credit, applied at once (processWaitlistForUser), or refunded if its hold passed on. */
export function completePayment(m: Model, student: number, offerId?: number, id = m.nextId.payment++): MPayment {
  const p: MPayment = {
    id,
    student,
    amount: PLAN_PAISE,
    gateway: 'sandbox',
    status: 'completed',
    batch: null,
    ends: creditDeadline(m.now),
    creditEnded: false,
  }
  m.payments.push(p)
  mail(m, student, 'payment-receipt')
  const { claimedOffer } = applyPlan(m, student, p.id, offerId)
  if (offerId !== undefined && !claimedOffer && p.batch === null && p.status === 'completed') {
    if (!seatInFreedSeat(m, m.offers.find((o) => o.id === offerId)!, p) && p.batch === null && approveNow(m, p))
      mail(m, student, 'refund-late-payment')
  }
  return p
}

/** An admin's complimentary plan: a credit of amount 0, applied at once. */
export function grant(m: Model, student: number): MPayment {
  const p: MPayment = {
    id: m.nextId.payment++,
    student,
    amount: 0,
    gateway: 'complimentary',
    status: 'completed',
    batch: null,
    ends: creditDeadline(m.now),
    creditEnded: false,
  }
  m.payments.push(p)
  applyPlan(m, student, p.id)
  return p
}

/** processWaitlistForUser: the held seats (the one paid for first), then the mentors' queues. */
function applyPlan(m: Model, student: number, paymentId: number, offerId?: number): { claimedOffer: boolean } {
  const mentors = new Set<number>()
  for (const e of m.waitlist) if (e.student === student && e.status === 'waiting') mentors.add(e.mentor)
  for (const o of m.offers) if (o.student === student && o.status === 'held') mentors.add(o.mentor)
  for (const x of m.bookings) {
    const b = batchOf(m, x.batch)
    if (x.student !== student || !['confirmed', 'completed'].includes(x.status) || !['running', 'completed'].includes(b.status)) continue
    if (m.batches.some((n) => n.mentor === x.mentor && ['open', 'running'].includes(n.status) && n.startsOn > b.startsOn))
      mentors.add(x.mentor)
  }
  const held = m.offers
    .filter((o) => o.student === student && o.status === 'held')
    .sort(
      (a, b) =>
        Number(b.id === offerId) - Number(a.id === offerId) || batchOf(m, a.batch).startsOn - batchOf(m, b.batch).startsOn || a.id - b.id,
    )
  let claimedOffer = false
  for (const o of held) {
    const r = claim(m, o.id, o.id === offerId ? paymentId : undefined)
    if (r.ok && o.id === offerId) claimedOffer = true
  }
  for (const mentor of [...mentors].sort((a, b) => a - b)) fillMentorBatches(m, mentor)
  return { claimedOffer }
}

/** claimOffer: the held seat becomes a booking, paid by the given payment or the oldest credit. */
export function claim(m: Model, offerId: number, paymentId?: number): Outcome {
  const o = m.offers.find((x) => x.id === offerId)
  if (!o) return fail('OFFER_NOT_FOUND')
  if (o.status === 'expired') return fail('OFFER_EXPIRED')
  if (o.status !== 'held') return fail('OFFER_NOT_HELD')
  if (o.expiresAt <= m.now) return fail('OFFER_EXPIRED')
  const b = batchOf(m, o.batch)
  const other = m.bookings.find(
    (x) => x.student === o.student && x.status === 'confirmed' && x.batch !== b.id && overlaps(batchOf(m, x.batch), b),
  )
  if (other) return fail(other.mentor === b.mentor ? 'ALREADY_BOOKED' : 'MENTOR_ALREADY_BOOKED')
  const p = paymentId !== undefined ? m.payments.find((x) => x.id === paymentId)! : oldestCredit(m, o.student)
  if (!p) return fail('PAYMENT_REQUIRED')
  payFor(p, b)
  o.status = 'claimed'
  addBooking(m, o.student, b, p.id, o.kind === 'continuing' ? 'continuing' : 'offer')
  mail(m, o.student, 'seat-confirmed')
  return ok('claimed')
}

export function decline(m: Model, offerId: number): Outcome {
  const o = m.offers.find((x) => x.id === offerId)
  if (!o) return fail('OFFER_NOT_FOUND')
  if (o.status === 'expired') return fail('OFFER_EXPIRED')
  if (o.status !== 'held') return fail('OFFER_NOT_HELD')
  if (o.expiresAt <= m.now) return fail('OFFER_EXPIRED')
  o.status = 'declined'
  fillMentorBatches(m, o.mentor)
  return ok('declined')
}

/**
 * A payment for a hold that passed on: a free seat of its batch is the student's. Its own hold, past
 * its time but not swept yet, is settled here: claimed by the new seat (it does not count against
 * the student), or, when the student cannot be seated, expired as a tick would (told, passed on).
 */
function seatInFreedSeat(m: Model, o: MOffer, p: MPayment): boolean {
  const b = batchOf(m, o.batch)
  const stale = o.status === 'held' && o.expiresAt <= m.now
  const elsewhere = m.bookings.some((x) => x.student === o.student && x.status === 'confirmed' && overlaps(batchOf(m, x.batch), b))
  if (!takesStudents(b, m.now) || elsewhere || taken(m, b) - Number(stale) >= b.capacity) {
    if (stale) expireOffer(m, o)
    return false
  }
  payFor(p, b)
  if (stale) o.status = 'claimed'
  addBooking(m, o.student, b, p.id, o.kind === 'continuing' ? 'continuing' : 'offer')
  mail(m, o.student, 'seat-confirmed')
  return true
}

/** A refund decided without an admin: approved at once, the credit ends. False when one is open already (unless ours takes over a waiting one). */
function approveNow(m: Model, p: MPayment, automatic = true): boolean {
  const open = m.refunds.find((r) => r.payment === p.id)
  if (open) {
    // Ours (a credit past its deadline): it takes over a request still waiting for an admin.
    if (!automatic || open.status !== 'requested') return false
    open.status = 'approved'
    open.told = true
  } else m.refunds.push({ id: m.nextId.refund++, payment: p.id, status: 'approved', at: m.now, told: true })
  p.creditEnded = true
  return true
}

/** A student asks for a refund: an unused credit, or a seat before its batch starts, is approved at once; anything else waits for an admin. */
export function requestRefund(m: Model, paymentId: number): Outcome {
  const p = m.payments.find((x) => x.id === paymentId)!
  if (p.status !== 'completed') return fail('REFUND_NOT_ALLOWED')
  if (p.gateway === 'complimentary') return fail('REFUND_NOT_ALLOWED')
  // Unused: no seat paid and not ended, its deadline passed or not (a tick would refund it anyway).
  const unused = p.batch === null && !p.creditEnded
  if (unused) {
    if (!approveNow(m, p, false)) return fail('REFUND_ALREADY_REQUESTED')
    mail(m, p.student, 'refund-approved')
    return ok('approved')
  }
  // Before its batch starts (docs/decisions/181): approved at once, the seat passes on when the refund is taken.
  const batch = p.batch === null ? null : batchOf(m, p.batch)
  if (batch && m.now < batch.startsOn) {
    if (!approveNow(m, p, false)) return fail('REFUND_ALREADY_REQUESTED')
    mail(m, p.student, 'refund-before-batch-approved')
    return ok('approved')
  }
  if (m.refunds.some((r) => r.payment === p.id)) return fail('REFUND_ALREADY_REQUESTED')
  m.refunds.push({ id: m.nextId.refund++, payment: p.id, status: 'requested', at: m.now })
  mail(m, p.student, 'refund-requested')
  return ok('requested')
}

/** An admin approves a requested refund: the refund job is queued; an unused credit ends now. */
export function approveRefund(m: Model, refundId: number): Outcome {
  const r = m.refunds.find((x) => x.id === refundId)!
  if (r.status !== 'requested') return fail('REFUND_NOT_ALLOWED')
  const p = m.payments.find((x) => x.id === r.payment)!
  if (p.status !== 'completed') return fail('REFUND_NOT_ALLOWED')
  r.status = 'approved'
  if (p.batch === null) p.creditEnded = true
  return ok('approved')
}

/** The refunds queue: each approved refund is taken by the gateway; the payment's seat is released. */
export function runRefundJobs(m: Model): void {
  for (const r of m.refunds.filter((x) => x.status === 'approved').sort((a, b) => a.id - b.id)) {
    r.status = 'refunded'
    const p = m.payments.find((x) => x.id === r.payment)!
    if (p.status !== 'completed') continue
    p.status = 'refunded'
    p.creditEnded = true
    // One refund, one e-mail: an admin's approval is told here; one decided at once was told then.
    if (!r.told) mail(m, p.student, 'refund-approved')
    const seat = m.bookings.filter((x) => x.payment === p.id && x.status === 'confirmed').sort((a, b) => a.id - b.id)[0]
    if (seat) cancel(m, seat.id, false, true)
  }
}

/** An admin changes a batch's capacity: never below the seats taken; more seats are handed out at once. */
export function setCapacity(m: Model, batchId: number, capacity: number): Outcome {
  const b = batchOf(m, batchId)
  if (capacity < taken(m, b)) return fail('VALIDATION')
  const grew = capacity > b.capacity
  b.capacity = capacity
  if (grew && takesStudents(b, m.now)) {
    if (b.status === 'running') {
      const open = openBatch(m, b.mentor)
      if (open && open.capacity < capacity) {
        // The open batch grows with it (its own hook hands out its new seats).
        open.capacity = capacity
        fillMentorBatches(m, b.mentor)
      }
    }
    fillMentorBatches(m, b.mentor)
  }
  return ok('set')
}

/**
 * A mentor saved as paused or taking bookings. Taking bookings, every save hands out their free
 * seats (fillSeatsWhenCapacityGrows fills on each save, idempotently), not only a resume after a
 * pause: a seat waiting for the next tick goes now.
 */
export function setPaused(m: Model, mentor: number, paused: boolean): Outcome {
  m.mentors[mentor]!.paused = paused
  if (!paused) fillMentorBatches(m, mentor)
  return ok(paused ? 'paused' : 'resumed')
}

/**
 * Whether the queue machinery has nothing left to do: filling every batch that takes students
 * again would hand out nothing (the service promises "running it again hands out nothing more").
 * A free seat that an eligible student in line could have had is a lost seat.
 */
export function quiescent(m: Model): string | null {
  const copy = cloneModel(m)
  for (let i = 0; i < copy.mentors.length; i++) {
    const out = fillMentorBatches(copy, i)
    if (out.length > 0) return `mentor ${i}: a fill now would hand out ${JSON.stringify(out)}`
  }
  return null
}

export function cloneModel(m: Model): Model {
  return { ...structuredClone({ ...m, mails: undefined }), mails: new Map(m.mails) } as Model
}

// ---------------------------------------------------------------------------------------------
// Sessions, reminders, attendance and ratings (issue 21, docs/decisions/105, 106, 108, 110)
// ---------------------------------------------------------------------------------------------

export type MSession = {
  id: number
  batch: number
  mentor: number
  startsAt: number
  minutes: number
  status: 'scheduled' | 'cancelled'
  sequence: number
}
export type ReminderKind = 'hour' | 'day'
/** The calendar side of the model, kept beside the seats (a Model without it has no sessions yet). */
export type SessionState = {
  sessions: MSession[]
  /** The reminder ledger: `${session}:${kind}:${sequence}` -> who was reminded (s0, m1, ...). */
  ledger: Map<string, string[]>
  /** Reminder e-mails: `${session}:${sequence}:${kind}:${who}` -> queued or sent (dropped ones are gone). */
  reminderMails: Map<string, 'queued' | 'sent'>
  /** Attendance marks: `${session}:${student}` -> status. */
  attendance: Map<string, 'present' | 'absent'>
  /** Ratings: `${batch}:${student}` -> stars. */
  ratings: Map<string, number>
  nextSession: number
}

export const REMINDER_LEADS: Record<ReminderKind, number> = { day: 24 * HOUR_MS, hour: HOUR_MS }

export function sessionsOf(m: Model): SessionState {
  const x = m as Model & { cal?: SessionState }
  x.cal ??= { sessions: [], ledger: new Map(), reminderMails: new Map(), attendance: new Map(), ratings: new Map(), nextSession: 1 }
  return x.cal
}

/** The mentor's sessions in the order they were created (the harness names them by this index). */
export const mentorSessions = (m: Model, mentor: number) => sessionsOf(m).sessions.filter((s) => s.mentor === mentor)

const seatedIn = (m: Model, student: number, batch: number, statuses = ['confirmed', 'completed']) =>
  m.bookings.some((x) => x.student === student && x.batch === batch && statuses.includes(x.status))

/** overlappingSession: any other session of the mentor, not cancelled, whose time overlaps. */
function clashes(m: Model, mentor: number, startsAt: number, minutes: number, except?: number): boolean {
  const end = startsAt + minutes * 60_000
  return mentorSessions(m, mentor).some(
    (s) => s.id !== except && s.status !== 'cancelled' && s.startsAt < end && s.startsAt + s.minutes * 60_000 > startsAt,
  )
}

/** The students seated (confirmed or completed) in a batch, by index: the harness picks the n-th of them. */
export const seatedStudents = (m: Model, batch: number) =>
  [...new Set(m.bookings.filter((x) => x.batch === batch && ['confirmed', 'completed'].includes(x.status)).map((x) => x.student))].sort(
    (a, b) => a - b,
  )

/** scheduleSession from the mentor's home, in its order of checks. */
export function scheduleSession(
  m: Model,
  batchId: number,
  input: { startsAt: number; minutes: number; weekend: boolean; confirmWeekday: boolean },
): Outcome {
  const b = batchOf(m, batchId)
  if (b.status !== 'open' && b.status !== 'running') return fail('INVALID_INPUT')
  const end = input.startsAt + input.minutes * 60_000
  if (input.startsAt < b.startsOn || end > batchEnd(b)) return fail('INVALID_INPUT')
  if (input.startsAt <= m.now) return fail('INVALID_INPUT')
  if (!input.weekend && !input.confirmWeekday) return fail('CONFIRM_WEEKDAY')
  if (clashes(m, b.mentor, input.startsAt, input.minutes)) return fail('SESSION_OVERLAP')
  const cal = sessionsOf(m)
  cal.sessions.push({
    id: cal.nextSession++,
    batch: b.id,
    mentor: b.mentor,
    startsAt: input.startsAt,
    minutes: input.minutes,
    status: 'scheduled',
    sequence: 0,
  })
  return ok('scheduled')
}

function dropQueuedReminders(m: Model, session: number) {
  const mails = sessionsOf(m).reminderMails
  for (const [k, v] of mails) if (v === 'queued' && k.startsWith(`${session}:`)) mails.delete(k)
}

/** moveSession: the collection's rules (start inside the batch's days, no overlap); a new time is a new calendar version. */
export function moveSession(m: Model, sessionId: number, startsAt: number, minutes: number): Outcome {
  const s = sessionsOf(m).sessions.find((x) => x.id === sessionId)!
  if (s.status === 'cancelled') return fail('SESSION_CANCELLED')
  const b = batchOf(m, s.batch)
  if (b.status === 'completed') return fail('VALIDATION')
  if (startsAt < b.startsOn || startsAt >= batchEnd(b)) return fail('VALIDATION')
  if (clashes(m, s.mentor, startsAt, minutes, s.id)) return fail('VALIDATION')
  if (s.startsAt === startsAt && s.minutes === minutes) return ok('moved')
  s.startsAt = startsAt
  s.minutes = minutes
  s.sequence++
  dropQueuedReminders(m, s.id)
  return ok('moved')
}

/** cancelSession: a new calendar version, queued reminders dropped; twice changes nothing; refused once the batch completed. */
export function cancelSession(m: Model, sessionId: number): Outcome {
  const s = sessionsOf(m).sessions.find((x) => x.id === sessionId)!
  if (s.status === 'cancelled') return ok('cancelled')
  // The collection's rule holds for a cancellation too: a completed batch's sessions stay as they were.
  if (batchOf(m, s.batch).status === 'completed') return fail('VALIDATION')
  s.status = 'cancelled'
  s.sequence++
  dropQueuedReminders(m, s.id)
  return ok('cancelled')
}

/** markAttendance by the session's mentor: from its start, for a student seated in its batch. */
export function markAttendance(m: Model, sessionId: number, student: number, status: 'present' | 'absent'): Outcome {
  const s = sessionsOf(m).sessions.find((x) => x.id === sessionId)!
  if (s.status === 'cancelled') return fail('SESSION_CANCELLED')
  if (s.startsAt > m.now) return fail('SESSION_NOT_STARTED')
  // The mentor's marks close 48 hours after the session ends (issue 37).
  if (m.now > s.startsAt + s.minutes * 60_000 + 48 * 60 * 60_000) return fail('ATTENDANCE_CLOSED')
  if (!seatedIn(m, student, s.batch)) return fail('NOT_SEATED')
  sessionsOf(m).attendance.set(`${s.id}:${student}`, status)
  return ok(status)
}

/** The rating window (ratings.ts ratingWindow): seated, before the batch's end, after its first session ended (marks play no part, issue 37). */
function ratingWindow(m: Model, student: number, batchId: number): Outcome | null {
  const b = batchOf(m, batchId)
  if (!seatedIn(m, student, b.id)) return fail('NOT_IN_BATCH')
  if (batchEnd(b) <= m.now) return fail('RATING_CLOSED')
  const cal = sessionsOf(m)
  const firstEnded = cal.sessions.some((s) => s.batch === b.id && s.status !== 'cancelled' && s.startsAt + s.minutes * 60_000 <= m.now)
  return firstEnded ? null : fail('RATING_TOO_EARLY')
}

export function createRating(m: Model, student: number, batchId: number, stars: number): Outcome {
  const refused = ratingWindow(m, student, batchId)
  if (refused) return refused
  const ratings = sessionsOf(m).ratings
  if (ratings.has(`${batchId}:${student}`)) return fail('ALREADY_RATED')
  ratings.set(`${batchId}:${student}`, stars)
  return ok('rated')
}

/** updateRating of the student's own rating (undefined: they have none for that batch). */
export function updateRating(m: Model, student: number, batchId: number, stars: number): Outcome | undefined {
  const ratings = sessionsOf(m).ratings
  if (!ratings.has(`${batchId}:${student}`)) return undefined
  const refused = ratingWindow(m, student, batchId)
  if (refused) return refused
  ratings.set(`${batchId}:${student}`, stars)
  return ok('rated')
}

/**
 * sendDueSessionReminders (part of the tick): the hour round, then the day round (not once the
 * hour's is due); each (session, kind, calendar version) claimed once; to the students seated
 * (confirmed) in the batch at that moment and the mentor.
 */
export function sendReminders(m: Model): void {
  const cal = sessionsOf(m)
  for (const kind of ['hour', 'day'] as const) {
    for (const s of cal.sessions) {
      if (s.status === 'cancelled' || s.startsAt <= m.now || s.startsAt > m.now + REMINDER_LEADS[kind]) continue
      if (kind === 'day' && s.startsAt <= m.now + HOUR_MS) continue
      const key = `${s.id}:${kind}:${s.sequence}`
      if (cal.ledger.has(key)) continue
      const who = [...m.bookings.filter((x) => x.batch === s.batch && x.status === 'confirmed').map((x) => `s${x.student}`), `m${s.mentor}`]
      cal.ledger.set(key, who)
      for (const p of who) {
        const mk = `${s.id}:${s.sequence}:${kind}:${p}`
        if (!cal.reminderMails.has(mk)) cal.reminderMails.set(mk, 'queued')
      }
    }
  }
}

/** The outbox sent: every queued reminder is delivered. */
export function deliverReminders(m: Model): void {
  const mails = sessionsOf(m).reminderMails
  for (const k of mails.keys()) mails.set(k, 'sent')
}
