import {
  creditLastDay,
  formatDateTime,
  formatDay,
  formatRupees,
  istDay,
  istMidnight,
  istMonth,
  REFUND_REASON_OTHER,
  refundReasonLabel,
} from '@mentorloop/shared'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { adminApi, CMS_URL, clickWhenHydrated, expectPanelAccessible, screenshotsAt375And1280, signInToAdmin } from './utils'

/**
 * The admin's tools in /admin (docs/decisions/100-103): Grant plan on a user, with what it covers
 * before confirming; rejecting a refund request from its button (a note required), after which
 * nothing is editable; dates in India time for an admin whose browser is elsewhere; a session's
 * date picker on its batch's month, with typed dates (115). The approval from the button is in
 * payments.spec.ts's refund journey.
 */
test.describe.configure({ mode: 'serial' })
// An admin abroad: Payload's own formatting would show a 1 Dec batch as 30 Nov here.
test.use({ timezoneId: 'America/New_York' })

const run = Date.now().toString(36)

test('an admin grants a plan from the user: sees what it covers, confirms, and the payment is recorded', async ({ page }) => {
  const api = await adminApi()
  const email = `granted-${run}@students.mentorloop.in`
  const { doc: student } = await api.post('/users', {
    email,
    name: `Granted ${run}`,
    password: `pw-${run}-long-enough`,
    roles: ['student'],
  })

  await signInToAdmin(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${CMS_URL()}/admin/collections/users/${student.id}`)
  // The account is titled by its holder's name (issue 32), not by its e-mail.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Granted ${run}`)
  const panel = page.getByRole('region', { name: 'Grant plan' })
  await expect(panel).toBeVisible()
  await panel.getByLabel('Plan').selectOption({ label: 'Beginner Techy Plan (mentorship)' })
  await panel.getByLabel('Reason (kept with the grant)').fill('Support case: the checkout charged twice (e2e).')
  const dialog = page.getByRole('dialog', { name: /Grant Beginner Techy Plan to/ })
  await clickWhenHydrated(panel.getByRole('button', { name: 'Grant plan…' }))
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('grant-covers')).toContainText('A credit for their next seat in a batch')
  await expect(dialog).toContainText('no seat and no credit')
  await expectPanelAccessible(page, 'dialog[open]')
  await screenshotsAt375And1280(page, 'admin-grant-plan-confirm', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await dialog.getByRole('button', { name: 'Confirm grant' }).click()
  await expect(dialog).toBeHidden()
  await expect(panel.getByTestId('grant-message')).toHaveText('Beginner Techy Plan granted.')
  await expectPanelAccessible(page, '.ml-grant')

  const payments = await api.get(`/payments?where[user][equals]=${student.id}&depth=0`)
  expect(payments.docs).toHaveLength(1)
  expect(payments.docs[0]).toMatchObject({ amount: 0, gateway: 'complimentary', status: 'completed' })
  expect(payments.docs[0].note).toBe('Support case: the checkout charged twice (e2e).')
  // The credit's end reads as the last day it covers, as on the site (issue 32), not the midnight after.
  await page.goto(`${CMS_URL()}/admin/collections/payments/${payments.docs[0].id}`)
  await expect(page.getByTestId('ist-subscriptionEnds')).toHaveText(
    `Last day covered: ${creditLastDay(payments.docs[0].subscriptionEnds)} (ends at ${formatDateTime(payments.docs[0].subscriptionEnds)})`,
  )
  await expectPanelAccessible(page, '[data-testid="ist-subscriptionEnds"]')
})

test('an admin rejects a refund request from its button with a note; the decided request is read-only', async ({ page }) => {
  const api = await adminApi()
  const { doc: student } = await api.post('/users', {
    email: `rejected-${run}@students.mentorloop.in`,
    name: `Rejected ${run}`,
    password: `pw-${run}-long-enough`,
    roles: ['student'],
  })
  const plans = await api.get('/plans?where[code][equals]=BEGINNER_TECHY&depth=0')
  // A paid plan, written as the payment service writes one (payments have no create API).
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  let payment: { id: number }
  let paidAt: Date
  try {
    const { rows } = await db.query(
      `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id,
                             subscription_starts, subscription_ends, created_at, updated_at)
       VALUES ($1, $2, $3, 'INR', 'completed', 'sandbox', $4, $5, now(), now() + interval '30 days', now(), now()) RETURNING id, created_at`,
      [student.id, plans.docs[0].id, plans.docs[0].price * 100, `order_e2e_${run}`, `pay_e2e_${run}`],
    )
    payment = { id: Number(rows[0].id) }
    paidAt = new Date(rows[0].created_at)
  } finally {
    await db.end()
  }
  const { doc: request } = await api.post('/refund-requests', {
    user: student.id,
    payment: payment.id,
    reason: REFUND_REASON_OTHER,
    feedback: 'The timings clashed with my exams.',
    status: 'requested',
  })

  await signInToAdmin(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  // The list names the student and the amount asked back (not "Payment: 11").
  await page.goto(`${CMS_URL()}/admin/collections/refund-requests?search=${encodeURIComponent(`Rejected ${run}`)}`)
  const row = page.getByRole('row').filter({ hasText: `Rejected ${run}` })
  await expect(row).toContainText(formatRupees(plans.docs[0].price))
  await page.goto(`${CMS_URL()}/admin/collections/refund-requests/${request.id}`)
  // Titled by the student, not "ID: 4".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Rejected ${run}`)
  const panel = page.getByTestId('refund-decision')
  await expect(panel.getByTestId('refund-amount')).toHaveText(/^₹[\d,]+$/)
  await expect(panel).toContainText('Beginner Techy Plan')
  await expect(panel.getByTestId('refund-paid-on')).toHaveText(formatDay(paidAt))
  await expect(panel).toContainText('The timings clashed with my exams.')
  // The reason in the words the student chose it by, not the stored spec text (issue 32).
  await expect(panel.getByTestId('refund-reason')).toHaveText(refundReasonLabel(REFUND_REASON_OTHER))
  await expect(panel.getByTestId('refund-state')).toHaveText('Waiting for a decision')
  // The status is shown, never chosen.
  await expect(
    page.locator('#field-status .rs__control--is-disabled, #field-status.read-only, #field-status [aria-disabled="true"]').first(),
  ).toBeVisible()
  await expectPanelAccessible(page, '[data-testid="refund-decision"]')
  await screenshotsAt375And1280(page, 'admin-refund-request')
  await page.setViewportSize({ width: 1280, height: 900 })

  const dialog = page.getByRole('dialog', { name: 'Reject the refund request?' })
  await clickWhenHydrated(panel.getByRole('button', { name: 'Reject', exact: true }))
  await expect(dialog).toBeVisible()
  // No note: refused by the server with the reason, the dialog stays.
  await dialog.getByRole('button', { name: 'Reject the request' }).click()
  await expect(dialog).toContainText('Write the student a note: why the refund is rejected.')
  await dialog.getByLabel('Note to the student (required)').fill('Four sessions were already held.')
  await expectPanelAccessible(page, 'dialog[open]')
  await dialog.getByRole('button', { name: 'Reject the request' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('decision-message')).toHaveText('Rejected. The student has been e-mailed your note.')

  await page.reload()
  await expect(panel.getByTestId('refund-state')).toContainText('Rejected')
  await expect(panel).toContainText('Four sessions were already held.')
  await expect(panel.getByRole('button')).toHaveCount(0)
  // Nothing on the form is editable.
  await expect(
    page.locator('form textarea:not([disabled]):not([readonly]), form input[type="text"]:not([disabled]):not([readonly])'),
  ).toHaveCount(0)
})

test('dates in the admin are India time for an admin abroad: a batch shows its own first day', async ({ page }) => {
  const api = await adminApi()
  const batches = await api.get('/batches?limit=1&sort=startsOn&depth=0')
  const batch = batches.docs[0] as { id: number; label: string; startsOn: string; createdAt: string }
  const istDay = formatDay(batch.startsOn)
  // In New York the instant of an India midnight is the evening before.
  expect(new Date(batch.startsOn).toLocaleDateString('en-GB', { timeZone: 'America/New_York', day: 'numeric' })).not.toBe(
    istDay.split(' ')[0],
  )
  await signInToAdmin(page)
  await page.goto(`${CMS_URL()}/admin/collections/batches?limit=100&sort=startsOn`)
  const row = page.locator('table tbody tr').first()
  await expect(row).toContainText(istDay)
  // Our India-time cells and the column headings (their grey is ours to darken, custom.scss); the
  // row checkboxes are Payload's.
  await expectPanelAccessible(page, 'table thead .sort-column__label')
  await expectPanelAccessible(page, 'table tbody td.cell-startsOn')
  await screenshotsAt375And1280(page, 'admin-batches-india-time')
  await page.goto(`${CMS_URL()}/admin/collections/batches/${batch.id}`)
  await expect(page.getByTestId('ist-startsOn')).toHaveText(`India time: ${istDay}`)
  // The input itself shows the India day, not New York's evening before (issue 32).
  await expect(page.locator('#field-startsOn .react-datepicker__input-container input')).toHaveValue(istDay)
  // The document's own moments too: ours in India time, not Payload's in the browser's zone.
  await expect(page.getByTestId('ist-doc-dates')).toContainText(`Created: ${formatDateTime(batch.createdAt)}`)
  await expect(page.locator('.doc-controls__meta .doc-controls__value-wrap')).toHaveCount(2)
  for (const line of await page.locator('.doc-controls__meta .doc-controls__value-wrap').all()) await expect(line).toBeHidden()
  await expectPanelAccessible(page, '[data-testid="ist-startsOn"]')
  await expectPanelAccessible(page, '[data-testid="ist-doc-dates"]')
  await screenshotsAt375And1280(page, 'admin-batch-india-time')
})

test('a session’s date picker opens on its batch’s month, keeps to its days, and takes a typed date', async ({ page }) => {
  const api = await adminApi()
  // A batch three months ahead: never the month the picker would open on by itself.
  const today = istDay(new Date())
  const month = istMonth(today.year, today.month + 3)
  const { doc: mentor } = await api.post('/mentors', {
    name: `Picker Mentor ${run}`,
    email: `picker-mentor-${run}@mentors.mentorloop.in`,
    profession: 'SDE II',
    company: 'Swiggy',
    skills: 'Backend, Interviews',
    capacity: 3,
    autoOpenNextBatch: false,
    _status: 'published',
  })
  const label = `${month.label} picker ${run}`
  const { doc: batch } = await api.post('/batches', {
    mentor: mentor.id,
    label,
    startsOn: month.startsOn.toISOString(),
    endsOn: month.endsOn.toISOString(),
    capacity: 3,
  })
  const first = istDay(month.startsOn)

  await signInToAdmin(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${CMS_URL()}/admin/collections/sessions/create`)
  const field = page.locator('.date-time-field').filter({ has: page.locator('#field-startsAt') })
  await expect(field).toContainText('Choose the batch first')
  await page.locator('#field-batch .rs__control').click()
  await page.locator('#field-batch input').fill(`picker ${run}`)
  await page.locator('.rs__option', { hasText: label }).click()
  await expect(field).toContainText(`The ${label} batch runs`)

  const input = page.locator('#field-startsAt .react-datepicker__input-container input')
  await input.click()
  const calendar = page.locator('.react-datepicker')
  await expect(calendar).toBeVisible()
  // The batch's month and year, in New York as in India; days outside the batch cannot be picked.
  await expect(calendar.getByRole('heading', { name: month.label })).toBeVisible()
  await expect(calendar.getByRole('listbox', { name: `Month ${month.label.replace(' ', ', ')}` })).toBeVisible()
  await expect(calendar.getByRole('button', { name: 'Previous month' })).toBeDisabled()
  await expect(calendar.locator('.react-datepicker__day--001:not(.react-datepicker__day--outside-month)')).not.toHaveClass(/--disabled/)
  const before = calendar.locator('.react-datepicker__day--outside-month').first()
  if ((await before.count()) > 0) await expect(before).toHaveClass(/--disabled/)
  await expectPanelAccessible(page, '.date-time-field')
  await screenshotsAt375And1280(page, 'admin-session-date-picker', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.keyboard.press('Escape')

  // Typed, day first as in India: 13th of the batch's month at 10:00, India time in a New York
  // browser too (issue 32).
  const typed = `13/${String(first.month).padStart(2, '0')}/${first.year} 10:00`
  await input.fill(typed)
  await input.press('Tab')
  const expected = new Date(istMidnight(first.year, first.month, 13).getTime() + 10 * 3_600_000).toISOString()
  await expect(page.getByTestId('ist-startsAt')).toHaveText(`India time: ${formatDateTime(expected)}`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.waitForURL(/\/admin\/collections\/sessions\/\d+$/)
  const saved = await api.get(`/sessions?where[batch][equals]=${batch.id}&depth=0`)
  expect(saved.docs).toHaveLength(1)
  expect(saved.docs[0].startsAt).toBe(expected)
  expect(saved.docs[0].mentor).toBe(mentor.id)
})
