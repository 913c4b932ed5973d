import { MESSAGES } from '@mentorloop/shared'
import { expect, type Page, test } from '@playwright/test'
import pg from 'pg'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, moveCmsClock, publishedMentor, screenshotsAt375And1280, waitForHydration } from './utils'

/**
 * Sessions that happen (issue 21): the dashboard's reminder preference and private calendar link
 * (plain forms), the student's own attendance, the feed polled without a cookie and stopped by a new link, and the refund dialog
 * saying before the student confirms whether the Session-1 promise applies (approved at once) or
 * an admin reviews. One fresh student per test; the CMS's clock is moved through its test clock
 * and put back.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const PLAN = 'Beginner Techy Plan'
const HOUR = 3_600_000

test.afterAll(async () => moveCmsClock(0))

test('dashboard: reminders off and on, a private calendar link that works without a cookie and stops when replaced', async ({
  page,
  request,
  browser,
}) => {
  const address = `reminders-${stamp}@students.mentorloop.in`
  await signInWithEmail(page, address)
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const prefs = page.getByTestId('preferences')
  await expect(prefs.getByRole('heading', { name: 'Reminders and calendar' })).toBeVisible()
  const box = prefs.getByRole('checkbox', { name: /E-mail me a reminder 24 hours and 1 hour before each session/ })
  await expect(box).toBeChecked()
  await expectAccessible(page)

  await box.uncheck()
  await prefs.getByRole('button', { name: 'Save reminder preference' }).click()
  await expect(page.getByText('Reminders are off')).toBeVisible()
  await page.reload()
  await expect(prefs.getByRole('checkbox', { name: /E-mail me a reminder/ })).not.toBeChecked()
  await prefs.getByRole('checkbox', { name: /E-mail me a reminder/ }).check()
  await prefs.getByRole('button', { name: 'Save reminder preference' }).click()
  await expect(page.getByText('Reminders are on')).toBeVisible()

  await prefs.getByRole('button', { name: 'Make my calendar link' }).click()
  const feed = prefs.getByLabel('Private calendar link')
  await expect(feed).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
  const first = new URL(await feed.inputValue())
  // A calendar app polls it without the student's cookie.
  const polled = await request.get(first.pathname, { headers: { cookie: '' } })
  expect(polled.status()).toBe(200)
  expect(polled.headers()['content-type']).toContain('text/calendar')
  expect(await polled.text()).toContain('BEGIN:VCALENDAR')
  // The "saved" toasts fade in and out: axe reads their contrast mid-animation (as the other specs do).
  await expectAccessible(page, { exclude: ['[data-sonner-toaster]'] })
  await screenshotsAt375And1280(page, 'dashboard-preferences')

  await page.setViewportSize({ width: 1280, height: 900 })
  await prefs.getByRole('button', { name: 'Replace the link (the old one stops working)' }).click()
  await expect(page.getByText('Your calendar link is ready')).toBeVisible()
  await expect(feed).not.toHaveValue(first.toString())
  expect((await request.get(first.pathname)).status()).toBe(404)
  const second = new URL(await feed.inputValue())
  expect((await request.get(second.pathname)).status()).toBe(200)
  expect((await request.get('/api/calendar/forged.ics')).status()).toBe(404)

  // Shown once (docs/decisions/174): the page says a link exists, never what it is, once reloaded.
  await page.goto('/myDashboard')
  await expect(prefs.getByTestId('feed-on')).toBeVisible()
  await expect(prefs.getByLabel('Private calendar link')).toHaveCount(0)
  expect(await page.content()).not.toContain(second.pathname)
  await waitForHydration(page)
  await prefs.getByRole('button', { name: 'Turn the link off' }).click()
  await expect(page.getByText('Your calendar link is off')).toBeVisible()
  expect((await request.get(second.pathname)).status()).toBe(404)

  // Sign out everywhere: this browser and another one where the student is signed in, and the feed.
  await prefs.getByRole('button', { name: 'Make my calendar link' }).click()
  const third = new URL(await feed.inputValue())
  const elsewhere = await browser.newContext()
  const other = await elsewhere.newPage()
  await signInWithEmail(other, address)
  await prefs.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page.getByText('You are signed out everywhere')).toBeVisible()
  await expect(page.getByTestId('header-sign-in')).toBeVisible()
  await other.goto('/myDashboard')
  await expect(other).toHaveURL(/\/login/)
  expect((await request.get(third.pathname)).status()).toBe(404)
  await elsewhere.close()
})

/**
 * Buys the Beginner Techy plan through the sandbox checkout, and returns once the server has
 * verified the payment: the checkout closes before the site's verify call returns, so a step taken
 * on the closed checkout alone may find no plan yet.
 */
async function buyPlan(page: Page) {
  await page.goto('/subscriptions')
  await waitForHydration(page)
  await page.getByRole('button', { name: `Choose ${PLAN}` }).click()
  await page
    .getByRole('dialog', { name: /Sandbox payment/ })
    .getByRole('button', { name: /^Pay / })
    .click()
  await expect(page.getByRole('dialog', { name: /Sandbox payment/ })).toBeHidden()
  const notice = page.getByTestId('payment-notice')
  await expect(notice).toContainText(MESSAGES.PAYMENT_SUCCESSFUL_TITLE)
  await notice.getByRole('button', { name: 'Done' }).click()
  await expect(notice).toBeHidden()
}

async function openTerms(page: Page) {
  await page.goto('/paymentHistory')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Request Refund' }).click()
  const feedback = page.getByRole('dialog', { name: "We'd love your feedback" })
  await feedback.getByLabel('Other (tell us below)').check()
  await feedback.getByRole('textbox').fill('Session 1 was not for me.')
  await feedback.getByRole('button', { name: 'Continue' }).click()
  const select = page.getByRole('dialog', { name: 'Which payment should we refund?' })
  return { select, terms: page.getByRole('dialog', { name: 'Refund Terms & Conditions' }) }
}

test('before the batch starts both routes end alike: a seat refunded, and a seat cancelled then its credit refunded, each at once, no review', async ({
  page,
  browser,
}) => {
  test.slow()
  const api = await adminApi()
  const mentor = await publishedMentor(`Early Mentor ${stamp}`, { profession: 'SDE II', company: 'Flipkart', skills: 'DSA', capacity: 5 })
  /** A student with a paid seat in the mentor's open batch (it starts next month). */
  const seated = async (p: Page, who: string) => {
    const email = `early-${who}-${stamp}@students.mentorloop.in`
    await signInWithEmail(p, email)
    await buyPlan(p)
    const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
    await api.post('/bookings', { user: users.docs[0].id, mentor: mentor.id, status: 'confirmed' })
    return users.docs[0].id as number
  }
  /**
   * The refund asked through the four dialogs: approved at once (no review), refunded through the
   * gateway by the worker moments later, and the payment says so.
   */
  const refundAtOnce = async (p: Page, userId: number) => {
    const { select, terms } = await openTerms(p)
    const choice = select.getByRole('button', { name: new RegExp(PLAN) })
    await expect(choice).toContainText('Refunded at once')
    await choice.click()
    await terms.getByRole('button', { name: 'Confirm Refund' }).click()
    const done = p.getByRole('dialog', { name: 'Refund approved' })
    await expect(done).toContainText('is approved')
    await expect(done).toContainText('within 5-7 business days')
    await expectAccessible(p)
    await done.getByRole('button', { name: 'Close', exact: true }).click()
    const status = async () =>
      (await api.get(`/refund-requests?where[user][equals]=${userId}&depth=0`)).docs.map((r: { status: string }) => r.status)
    await expect.poll(status, { timeout: 30_000 }).toEqual(['refunded'])
    await p.goto('/paymentHistory')
    await waitForHydration(p)
    const card = p.getByTestId('payment-card').filter({ hasText: PLAN })
    await expect(card).toHaveAttribute('data-status', 'refunded')
    await expect(card).not.toContainText('Refund requested')
  }

  // Route 1: "Request Refund" on the seat's payment.
  await refundAtOnce(page, await seated(page, 'seat'))
  await page.goto('/myDashboard')
  await waitForHydration(page)
  await expect(page.getByTestId('booking-card').filter({ hasText: `Early Mentor ${stamp}` })).toHaveCount(0)

  // Route 2: "Cancel your seat" (the plan comes back as a credit), then "Request Refund" on the credit.
  const other = await browser.newContext()
  const second = await other.newPage()
  try {
    const studentId = await seated(second, 'credit')
    await second.goto('/myDashboard')
    await waitForHydration(second)
    const card = second.getByTestId('booking-card').filter({ hasText: `Early Mentor ${stamp}` })
    await card.getByRole('link', { name: 'Cancel your seat' }).click()
    await second.getByRole('dialog').getByRole('button', { name: 'Yes, cancel my seat' }).click()
    await expect(card).toHaveCount(0)
    await refundAtOnce(second, studentId)
  } finally {
    await other.close()
  }
})

test('an approved refund on its way to the gateway: the dashboard shows the seat as going, without its sessions or a cancel button', async ({
  page,
}) => {
  const email = `going-${stamp}@students.mentorloop.in`
  await signInWithEmail(page, email)
  await buyPlan(page)
  const api = await adminApi()
  const mentor = await publishedMentor(`Going Mentor ${stamp}`, { capacity: 5 })
  const userId = (await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)).docs[0].id as number
  await api.post('/bookings', { user: userId, mentor: mentor.id, status: 'confirmed' })
  const paymentId = (await api.get(`/payments?where[user][equals]=${userId}&where[status][equals]=completed&depth=0`)).docs[0].id
  const card = page.getByTestId('booking-card').filter({ hasText: `Going Mentor ${stamp}` })
  await page.goto('/myDashboard')
  await waitForHydration(page)
  await expect(card.getByRole('link', { name: 'Cancel your seat' })).toBeVisible()

  // The moment between an approval and the gateway taking it (about 2 s here), made to last: a
  // request approved with its first try set for tomorrow. The test removes it afterwards.
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO refund_requests (user_id, payment_id, source, status, attempts, idempotency_key, next_attempt_at, decided_at, created_at, updated_at)
       VALUES ($1, $2, 'automatic', 'approved', 0, $3, now() + interval '1 day', now(), now(), now()) RETURNING id`,
      [userId, paymentId, `rfq_e2e_going_${stamp}`],
    )
    try {
      await page.reload()
      await waitForHydration(page)
      await expect(card.getByTestId('booking-refunding')).toHaveText(
        /^Refund approved: this seat passes to the next student as the refund goes through\. The money reaches you within 5-7 business days\.$/,
      )
      await expect(card.getByRole('link', { name: 'Cancel your seat' })).toHaveCount(0)
      await expect(card.getByRole('link', { name: /Join/ })).toHaveCount(0)
      await expectAccessible(page)
      await screenshotsAt375And1280(page, 'dashboard-seat-refunding')
    } finally {
      await db.query('DELETE FROM refund_requests WHERE id = $1', [rows[0]!.id])
    }
  } finally {
    await db.end()
  }
})

test('the refund dialog says which case applies: at once before the batch starts, reviewed before Session 1 ends, at once inside the window', async ({
  page,
}) => {
  test.slow()
  const email = `promise-${stamp}@students.mentorloop.in`
  await signInWithEmail(page, email)
  await buyPlan(page)
  const api = await adminApi()
  const mentor = await publishedMentor(`Promise Mentor ${stamp}`, { capacity: 5 })
  const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
  await api.post('/bookings', { user: users.docs[0].id, mentor: mentor.id, status: 'confirmed' })
  const batches = await api.get(`/batches?where[mentor][equals]=${mentor.id}&where[status][equals]=open&depth=0`)
  const batch = batches.docs[0]
  const startsAt = Date.parse(batch.startsOn) + 2 * 24 * HOUR + 4.5 * HOUR
  const { doc: session } = await api.post('/sessions', {
    title: 'Session 1',
    batch: batch.id,
    startsAt: new Date(startsAt).toISOString(),
    durationMinutes: 60,
  })

  // Before the batch starts: approved at once, as cancelling the seat and asking for the credit back would be (docs/decisions/181).
  let { select, terms } = await openTerms(page)
  await expect(select.getByRole('button', { name: new RegExp(PLAN) })).toContainText('Refunded at once')
  await select.getByRole('button', { name: new RegExp(PLAN) }).click()
  await expect(terms.getByTestId('refund-case')).toContainText('asked before it starts, this refund is approved at once')
  await expect(terms).toContainText('within 5-7 business days')
  await expectAccessible(page)
  await page.keyboard.press('Escape')

  // The batch has started, Session 1 has not ended: our team reviews it, and the dialog says so before the student confirms.
  await moveCmsClock(Date.parse(batch.startsOn) + HOUR - Date.now())
  ;({ select, terms } = await openTerms(page))
  await expect(select.getByRole('button', { name: new RegExp(PLAN) })).toContainText('Reviewed by our team')
  await select.getByRole('button', { name: new RegExp(PLAN) }).click()
  await expect(terms.getByTestId('refund-case')).toContainText('Session 1 has not ended yet')
  await expect(terms.getByTestId('refund-case')).toContainText('within 72 hours after Session 1 ends')
  await page.keyboard.press('Escape')

  // Two hours after Session 1 ended (the CMS's clock moved): the promise applies.
  await moveCmsClock(startsAt + HOUR + 2 * HOUR - Date.now())
  // The session has happened: an admin marks the student present; the dashboard shows it to them.
  await api.post('/attendance', { sessionId: session.id, userId: users.docs[0].id, status: 'present' })
  await page.goto('/myDashboard')
  await waitForHydration(page)
  await expect(page.getByTestId('attendance')).toContainText('Session 1')
  await expect(page.getByTestId('attendance')).toContainText('Present')
  await expectAccessible(page)
  ;({ select, terms } = await openTerms(page))
  await expect(select.getByRole('button', { name: new RegExp(PLAN) })).toContainText('Refunded at once')
  await select.getByRole('button', { name: new RegExp(PLAN) }).click()
  await expect(terms.getByTestId('refund-case')).toContainText('approved at once, with no review')
  await expect(terms).toContainText('asked within 72 hours after it ends, it is approved at once')
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'refund-promise-terms', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await terms.getByRole('button', { name: 'Confirm Refund' }).click()
  const done = page.getByRole('dialog', { name: 'Refund approved' })
  await expect(done).toContainText('is approved')
  await expectAccessible(page)
})
