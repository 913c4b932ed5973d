import { expect, type Page, test } from '@playwright/test'
import pg from 'pg'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, publishedMentor, screenshotsAt375And1280, waitForHydration } from './utils'

/**
 * Batches in time in the browser (docs/decisions/045-batches-in-time.md): a held seat claimed
 * through the sandbox checkout, a renewal from the dashboard, a mentor opening their next batch
 * and scheduling a session in /admin, and the mentor cards saying when the next batch starts.
 * Each journey makes its own mentor and students, so the seeded data stays as other specs expect.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const checkout = (page: Page) => page.getByRole('dialog', { name: /Sandbox payment/ })
const TOASTS = ['[data-sonner-toaster]']

const newMentor = publishedMentor

async function userId(email: string): Promise<number> {
  const api = await adminApi()
  const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
  return users.docs[0].id as number
}

/**
 * A seat in a running batch, set up in the database (nothing here waits a month): the batch running
 * since 25 days ago and ending `endsInDays` India days from today, its seat paid with the Beginner
 * plan, and the mentor's next batch open, with the seat held for the student when `heldNext`.
 */
async function seatInRunningBatch(o: { mentorId: number; student: string; label: string; endsInDays: number; heldNext: boolean }) {
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    const today = `(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`
    const uid = await userId(o.student)
    await db.query(
      `WITH r AS (
         INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status, started_at)
         VALUES ($1, $5 || ' running ${run}', ${today} - interval '25 days', ${today} + make_interval(days => $6::int), 3, 'running', now())
         RETURNING id, starts_on, ends_on),
       n AS (
         INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status)
         SELECT $1, $5 || ' next ${run}', r.ends_on + interval '1 day', r.ends_on + interval '30 days', 3, 'open' FROM r
         RETURNING id),
       p AS (
         INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id, subscription_starts, subscription_ends, batch_id)
         SELECT $2, pl.id, pl.price * 100, 'INR', 'completed', 'sandbox', $3, $4, r.starts_on, r.ends_on + interval '24 hours', r.id
           FROM plans pl, r WHERE pl.code = 'BEGINNER_TECHY'
         RETURNING id),
       b AS (
         INSERT INTO bookings (user_id, mentor_id, batch_id, payment_id, status, source)
         SELECT $2, $1, r.id, p.id, 'confirmed', 'direct' FROM r, p RETURNING id)
       INSERT INTO seat_offers (user_id, mentor_id, batch_id, kind, status, expires_at)
       SELECT $2, $1, n.id, 'continuing', 'held', r.ends_on + interval '24 hours' FROM n, r WHERE $7::boolean`,
      [o.mentorId, uid, `order_${o.label}_${run}`, `pay_${o.label}_${run}`, o.label, o.endsInDays, o.heldNext],
    )
  } finally {
    await db.end()
  }
}

test('a student waiting without a plan is offered a seat and claims it through the sandbox checkout', async ({ page }) => {
  const api = await adminApi()
  const mentor = await newMentor(`Offer Mentor ${run}`)
  // Someone takes the one seat; our student joins the queue from the mentors list.
  const seated = `seated-${run}@students.mentorloop.in`
  await signInWithEmail(page, seated)
  await api.post('/users/subscribe', { email: seated, planId: 'BEGINNER_TECHY' })
  const booking = await api.post('/bookings', { user: await userId(seated), mentor: mentor.id, status: 'confirmed' })

  const student = `offered-${run}@students.mentorloop.in`
  await page.context().clearCookies()
  await signInWithEmail(page, student)
  await page.goto('/mentors')
  await waitForHydration(page)
  const row = page.getByRole('listitem').filter({ hasText: `Offer Mentor ${run}` })
  await expect(row.getByTestId('batch-status')).toContainText('Full · join the waitlist')
  await row.getByRole('button', { name: /^Join Waitlist \(free\)/ }).click()
  await expect(row.getByText('✓ On Waitlist')).toBeVisible()

  // The seat opens: it is held for our student, the head of the queue, who has no plan.
  await api.patch(`/bookings/${booking.doc.id}`, { status: 'cancelled' })
  await page.clock.install()
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const offer = page.getByTestId('offer-card')
  await expect(offer).toContainText(`A seat with Offer Mentor ${run} is yours until`)
  await expect(offer).toContainText(/IST/)
  // One message for the queue's news: no "You are number 1 in the queue" under the held seat (issue 20).
  await expect(page.getByTestId('waitlist-card')).toHaveCount(0)
  await expect(offer.getByTestId('countdown')).toContainText(/23 h 5\d min left|1 days left|24 h 0 min left/)
  // The countdown moves with time (the page's clock).
  await page.clock.fastForward('02:00:00')
  await expect(offer.getByTestId('countdown')).toContainText(/21 h 5\d min left|22 h 0 min left/)
  await expectAccessible(page, { exclude: TOASTS })
  await page.setViewportSize({ width: 375, height: 812 })
  await page.screenshot({ path: test.info().outputPath('offer-375.png'), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  await offer.getByRole('button', { name: /Claim with Beginner Techy Plan/ }).click()
  await checkout(page).getByRole('button', { name: /^Pay / }).click()
  const notice = page.getByTestId('payment-notice')
  await expect(notice).toBeVisible()
  // The success dialog says the seat is booked, not only that a plan is active (issue 20).
  await expect(notice).toContainText(`Your seat with Offer Mentor ${run} in the`)
  await notice.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByTestId('offer-card')).toHaveCount(0)
  const card = page.getByTestId('booking-card').filter({ hasText: `Offer Mentor ${run}` })
  await expect(card).toContainText('Seat claimed')
  await expect(card.getByTestId('booking-batch')).toContainText(/starts/)
})

test('a student whose batch ends in 3 days renews from the dashboard: the new plan pays for the held seat in the next batch', async ({
  page,
}) => {
  const student = `renewer-${run}@students.mentorloop.in`
  await signInWithEmail(page, student)
  const mentor = await newMentor(`Renew Mentor ${run}`, { autoOpenNextBatch: false, capacity: 3 })
  await seatInRunningBatch({ mentorId: mentor.id, student, label: 'Renewal', endsInDays: 2, heldNext: true })
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const plan = page.getByTestId('your-plan')
  await expect(plan.getByTestId('coverage-seat')).toContainText(`your seat in Renew Mentor ${run}'s Renewal running ${run} batch`)
  await expect(plan.getByTestId('coverage-seat')).toContainText('running now')
  await expectAccessible(page, { exclude: TOASTS })
  // One place to pay for the held seat: its card, not a second renew button under the plan.
  await expect(plan.getByTestId('renew-from-held-seat')).toContainText(`Your seat in Renew Mentor ${run}'s next batch is held for you`)
  await expect(plan.getByRole('button', { name: /Renew/ })).toHaveCount(0)
  await page.getByTestId('offer-card').getByRole('button', { name: 'Renew Beginner Techy Plan and keep the seat' }).click()
  await checkout(page).getByRole('button', { name: /^Pay / }).click()
  const notice = page.getByTestId('payment-notice')
  await expect(notice).toContainText(`Your seat with Renew Mentor ${run} in the`)
  await notice.getByRole('button', { name: 'Done' }).click()
  // The renewal paid for the held seat: both batches are on the plan, and the held seat is gone.
  await expect(plan.getByTestId('coverage-seat')).toHaveCount(2)
  await expect(plan).toContainText(`Renewal next ${run} batch`)
  await expect(page.getByTestId('offer-card')).toHaveCount(0)
})

test('the plan card says when renewal opens, then offers renewing or changing plans for the next batch', async ({ page }) => {
  // 12 days before the batch ends: renewal is not open yet (it opens 7 days before the end).
  const early = `renew-early-${run}@students.mentorloop.in`
  await signInWithEmail(page, early)
  const first = await newMentor(`Early Mentor ${run}`, { autoOpenNextBatch: false, capacity: 3 })
  await seatInRunningBatch({ mentorId: first.id, student: early, label: 'Early', endsInDays: 12, heldNext: false })
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const plan = page.getByTestId('your-plan')
  await expect(plan).toContainText(
    new RegExp(
      `You can renew for Early Mentor ${run}'s next batch from \\d{1,2} [A-Z][a-z]{2} \\d{4} \\(or change plans then\\); your seat in it is held for you until \\d{1,2} [A-Z][a-z]{2} \\d{4}\\.`,
    ),
  )
  await expect(plan.getByRole('button')).toHaveCount(0)

  // 2 days before the end, no seat held yet: renew the same plan or change to the other, for the next batch.
  const late = `renew-late-${run}@students.mentorloop.in`
  await page.context().clearCookies()
  await signInWithEmail(page, late)
  const second = await newMentor(`Late Mentor ${run}`, { autoOpenNextBatch: false, capacity: 3 })
  await seatInRunningBatch({ mentorId: second.id, student: late, label: 'Late', endsInDays: 2, heldNext: false })
  await page.goto('/myDashboard')
  await waitForHydration(page)
  await expect(plan.getByRole('button', { name: 'Renew Beginner Techy Plan for the next batch' })).toBeVisible()
  await expect(plan.getByRole('button', { name: 'Change to Placement-Focused Plan for the next batch' })).toBeVisible()
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'dashboard-renew-or-change')
})

test('a mentor opens their next batch and schedules a session in /admin; the seated student sees it on the dashboard', async ({
  page,
  browser,
}) => {
  const api = await adminApi()
  const email = `batch-mentor-${run}@mentors.mentorloop.in`
  const password = 'mentor-password-123'
  const { doc: user } = await api.post('/users', { email, password, name: `Batch Mentor ${run}`, roles: ['mentor'], passwordLogin: true })
  const mentor = await newMentor(`Batch Mentor ${run}`, { user: user.id, autoOpenNextBatch: false, capacity: 5 })

  await page.goto(`${process.env.E2E_CMS_URL}/admin/login`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/admin$/)
  await page.goto(`${process.env.E2E_CMS_URL}/admin/collections/batches/create`)
  // The form starts as the month after their latest batch, for their own profile (locked).
  await expect(page.locator('#field-label')).not.toHaveValue('')
  const label = await page.locator('#field-label').inputValue()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()
  const { docs } = await api.get(`/batches?where[mentor][equals]=${mentor.id}&depth=0`)
  expect(docs).toEqual([expect.objectContaining({ label, status: 'open', capacity: 5 })])
  const batch = docs[0] as { id: number; startsOn: string }

  // A student is seated in it (the admin books them), then the mentor schedules a session.
  const student = `seated-batch-${run}@students.mentorloop.in`
  const studentContext = await browser.newContext()
  const studentPage = await studentContext.newPage()
  await signInWithEmail(studentPage, student)
  // A seat is paid for (docs/decisions/069): the student has a plan (a credit) the admin's booking uses.
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    await db.query(
      `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id, subscription_starts, subscription_ends)
       SELECT $1, p.id, p.price * 100, 'INR', 'completed', 'sandbox', $2, $3, now(), now() + interval '40 days' FROM plans p WHERE p.code = 'BEGINNER_TECHY'`,
      [await userId(student), `order_batch_${run}`, `pay_batch_${run}`],
    )
  } finally {
    await db.end()
  }
  await api.post('/bookings', { user: await userId(student), batch: batch.id, mentor: mentor.id, status: 'confirmed' })

  await page.goto(`${process.env.E2E_CMS_URL}/admin/collections/sessions/create`)
  await page.locator('#field-title').fill(`Week 1 with ${run}`)
  await page.locator('#field-batch .rs__control').click()
  await page.getByRole('option', { name: label }).click()
  const startsAt = new Date(Date.parse(batch.startsOn) + 4 * 86_400_000 + 10 * 3_600_000)
  const typed = startsAt.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  })
  // Typed as Payload's own display shows a date, then on to the next field (decision 115).
  await page.locator('#field-startsAt .react-datepicker__input-container input').fill(typed.replace(',', '').replace(' at', ''))
  await page.locator('#field-startsAt .react-datepicker__input-container input').press('Tab')
  await expect(page.getByTestId('ist-startsAt')).toContainText('India time')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(/successfully/i).first()).toBeVisible()

  await studentPage.goto('/myDashboard')
  const card = studentPage.getByTestId('booking-card').filter({ hasText: `Batch Mentor ${run}` })
  await expect(card).toContainText(`Week 1 with ${run}`)
  await expect(card.getByTestId('booking-batch')).toContainText(label)
  await studentContext.close()
})

test('the mentor cards say when the next batch starts and how many seats are left', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const status = page.locator('#mentors').getByTestId('batch-status')
  await expect(status.filter({ hasText: /^Next batch starts \d{1,2} [A-Z][a-z]{2} \d{4} · \d+ seats? left$/ }).first()).toBeVisible()
  await expect(status.filter({ hasText: 'Full · join the waitlist' }).first()).toBeVisible()
})
