import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import { FILLER_STUDENTS, PERSONAS } from '@mentorloop/shared/personas'
import { expect, test } from '@playwright/test'
import { ADMIN, adminApi, CMS_URL, expectPanelAccessible, screenshotsAt375And1280, signInToAdmin } from './utils'

/**
 * The "Needs attention" dashboard on /admin (docs/decisions/068-admin-attention-dashboard.md): an
 * admin sees a refund request waiting for a decision, follows the link to the refund-requests list
 * filtered to waiting ones, and opens the request. Staff see none of it.
 */
type Doc = { id: number; status?: string; user?: number; payment?: number }

/** A refund request for a seeded student's paid plan (made as the admin, as the panel would). */
async function refundRequest(studentIndex: number, status: 'requested' | 'rejected') {
  const api = await adminApi()
  const student = FILLER_STUDENTS[studentIndex]!
  const users = (await api.get(`/users?where[email][equals]=${encodeURIComponent(student.email)}&depth=0`)) as { docs: Doc[] }
  const userId = users.docs[0]!.id
  const payments = (await api.get(`/payments?where[user][equals]=${userId}&where[status][equals]=completed&depth=0`)) as { docs: Doc[] }
  const open = (await api.get(`/refund-requests?where[user][equals]=${userId}&where[status][not_equals]=rejected&depth=0&limit=100`)) as {
    docs: Doc[]
  }
  const payment = payments.docs.find((p) => !open.docs.some((r) => r.payment === p.id))
  if (!payment) throw new Error(`${student.email} has no paid plan without a refund request`)
  const created = (await api.post('/refund-requests', {
    user: userId,
    payment: payment.id,
    reason: REFUND_REASON_OTHER,
    feedback: 'Dashboard journey (e2e).',
    status,
  })) as { doc: Doc }
  return {
    id: created.doc.id,
    studentName: student.name,
    cleanUp: () =>
      fetch(`${CMS_URL()}/api/refund-requests/${created.doc.id}`, { method: 'DELETE', headers: { Authorization: `JWT ${api.token}` } }),
  }
}

test('an admin sees a waiting refund request on the dashboard, opens the filtered list, then the request', async ({ page }) => {
  const request = await refundRequest(FILLER_STUDENTS.length - 1, 'requested')
  // A decided one, which the filtered list must leave out.
  const decided = await refundRequest(FILLER_STUDENTS.length - 2, 'rejected')
  try {
    await signInToAdmin(page, ADMIN)
    const dashboard = page.getByRole('region', { name: 'Needs attention' })
    await expect(dashboard).toBeVisible()
    for (const heading of [
      'Refund requests',
      'Waitlists',
      'Failing steps',
      'Seat offers expiring within 24 hours',
      'Sessions today and tomorrow',
      'Payments and refunds',
    ]) {
      await expect(dashboard.getByRole('heading', { name: heading })).toBeVisible()
    }
    // Money in rupees, never paise.
    await expect(dashboard.getByRole('region', { name: 'Payments and refunds' })).toContainText('₹')

    const waiting = dashboard.getByRole('link', { name: /^\d+ refund requests? waiting for a decision$/ })
    await expect(waiting).toBeVisible()
    const count = Number((await waiting.innerText()).split(' ')[0])
    expect(count).toBeGreaterThanOrEqual(1)

    await expectPanelAccessible(page, '.ml-attention')
    await screenshotsAt375And1280(page, 'admin-dashboard')

    // The link opens the refund-requests list with the filter applied: waiting ones only.
    await page.setViewportSize({ width: 1280, height: 900 })
    await waiting.click()
    await page.waitForURL(/\/admin\/collections\/refund-requests\?/)
    expect(decodeURIComponent(page.url())).toContain('[status][equals]=requested')
    const rows = page.locator('table tbody tr')
    await expect(rows.filter({ hasText: request.studentName })).toHaveCount(1)
    await expect(rows).toHaveCount(count)
    for (const text of await rows.allInnerTexts()) expect(text).toContain('Requested')
    await expect(rows.filter({ hasText: decided.studentName })).toHaveCount(0)

    // And the request itself.
    await rows.filter({ hasText: request.studentName }).locator('a').first().click()
    await page.waitForURL(`${CMS_URL()}/admin/collections/refund-requests/${request.id}`)
    await expect(page.locator('#field-status')).toContainText('Requested')

    // Unfiltered, the decided request is there: the filter, not the data, left it out above.
    await page.goto(`${CMS_URL()}/admin/collections/refund-requests`)
    await expect(page.locator('table tbody tr').filter({ hasText: decided.studentName })).toHaveCount(1)
  } finally {
    await request.cleanUp()
    await decided.cleanUp()
  }
})

test('staff see no attention dashboard (it shows money)', async ({ page }) => {
  await signInToAdmin(page, { email: PERSONAS.staff.email, password: ADMIN.password })
  await expect(page.getByRole('heading', { name: 'Collections' }).or(page.locator('.dashboard')).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Needs attention' })).toHaveCount(0)
  await expect(page.getByText('Payments and refunds')).toHaveCount(0)
})
