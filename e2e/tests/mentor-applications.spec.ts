import { MENTOR_APPLICATION_MESSAGES, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import { expect, test } from '@playwright/test'
import {
  adminApi,
  CMS_URL,
  clickWhenHydrated,
  expectAccessible,
  expectPanelAccessible,
  screenshotsAt375And1280,
  signInToAdmin,
  waitForHydration,
} from './utils'

/**
 * Mentor applications (issue 35): a visitor applies on "Become a mentor" (linked from the footer)
 * without JavaScript and with it, a second application from the same e-mail is refused, and an
 * admin accepts one in /admin, which makes the mentor's account and a draft profile; the applicant
 * follows the receipt's link to see it accepted, and once staff publish the profile the new mentor
 * is in the directory with an open batch. The site counts whole applications per address (5 in ten
 * minutes): this file sends 3.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const noJsEmail = `nojs-${run}@engineers.example.com`
const jsEmail = `withjs-${run}@engineers.example.com`

async function fillApplication(page: import('@playwright/test').Page, email: string, over: { profileUrl?: string } = {}) {
  const form = page.getByRole('form', { name: 'Mentor application' })
  await form.getByLabel('Your name').fill(`Kavya Iyer ${run}`)
  await form.getByLabel('E-mail').fill(email)
  await form.getByLabel('Company').fill('Razorpay')
  await form.getByLabel('Role').fill('Staff Engineer')
  await form.getByLabel('Years of experience').fill('9')
  await form.getByLabel('LinkedIn or other public profile').fill(over.profileUrl ?? 'https://www.linkedin.com/in/kavya-iyer')
  await form.getByLabel('Topics you would mentor').fill('System Design, Backend, Careers')
  await form.getByLabel('Why do you want to mentor?').fill('I was mentored early on and want to do the same for students.')
  return form
}

test('the footer leads to the form, which is accessible at 375 and 1280 px', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Become a mentor' }).click()
  await expect(page).toHaveURL(/\/become-a-mentor$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Become a mentor' })).toBeVisible()
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'apply-form')
})

test('without JavaScript: the server’s message beside a wrong field, then the application sent', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/become-a-mentor')
  // http:// passes the browser's own URL check; the server asks for https and keeps what was typed.
  const form = await fillApplication(page, noJsEmail, { profileUrl: 'http://linkedin.com/in/kavya' })
  await form.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByTestId('apply-error')).toHaveText('Please correct the highlighted fields.')
  const url = form.getByLabel('LinkedIn or other public profile')
  await expect(url).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a full https:// address, e.g. https://www.linkedin.com/in/your-name.')).toBeVisible()
  await expect(form.getByLabel('Company')).toHaveValue('Razorpay')

  await url.fill('https://www.linkedin.com/in/kavya-iyer')
  await page.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByTestId('apply-done')).toContainText(MENTOR_APPLICATION_MESSAGES.SUBMITTED)
  await expect(page.getByTestId('apply-done')).toContainText(noJsEmail)
  // axe and the screenshots' overflow check run scripts in the page: they are in the tests with JavaScript.
  await context.close()

  const api = await adminApi()
  const stored = await api.get(`/mentor-applications?where[email][equals]=${encodeURIComponent(noJsEmail)}&depth=0`)
  expect(stored.docs).toHaveLength(1)
  expect(stored.docs[0]).toMatchObject({ status: 'submitted', company: 'Razorpay', years: 9 })
})

test('with JavaScript: the server’s field errors in place, then the application sent', async ({ page }) => {
  await page.goto('/become-a-mentor')
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Send application' }).click()
  const form = page.getByRole('form', { name: 'Mentor application' })
  await expect(form.getByText('Please enter your name.')).toBeVisible()
  await expect(form.getByText('Please enter a valid e-mail address.')).toBeVisible()
  await expect(form.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'apply-errors')

  await page.setViewportSize({ width: 375, height: 800 })
  await fillApplication(page, jsEmail)
  await form.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByTestId('apply-done')).toContainText(MENTOR_APPLICATION_MESSAGES.SUBMITTED)
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'apply-sent')
})

test('a second application from the same e-mail, while the first is open, is refused with a clear message', async ({ page }) => {
  await page.goto('/become-a-mentor')
  await waitForHydration(page)
  const again = await fillApplication(page, jsEmail.toUpperCase())
  await again.getByRole('button', { name: 'Send application' }).click()
  await expect(page.getByTestId('apply-error')).toHaveText(MENTOR_APPLICATION_MESSAGES.ALREADY_OPEN)
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'apply-already-open')
})

test('an admin accepts an application in /admin: the mentor account and a draft profile are made, once', async ({ page }) => {
  const api = await adminApi()
  const email = `accepted-${run}@engineers.example.com`
  // The site's call, made directly with the service key: this journey is the admin's.
  const applied = await fetch(`${CMS_URL()}/api/mentor-applications/apply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SERVICE_KEY_HEADER]: process.env.E2E_SERVICE_KEY ?? '' },
    body: JSON.stringify({
      name: `Kavya ${run}`,
      email,
      company: 'Razorpay',
      role: 'Staff Engineer',
      years: 9,
      profileUrl: 'https://www.linkedin.com/in/kavya-iyer',
      topics: 'System Design, Backend, Careers',
      why: 'I was mentored early on and want to do the same for students.',
    }),
  })
  expect(applied.status).toBe(201)
  const application = (await applied.json()) as { id: number }

  await signInToAdmin(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${CMS_URL()}/admin/collections/mentor-applications/${application.id}`)
  const panel = page.getByTestId('application-decision')
  await expect(panel.getByTestId('application-state')).toHaveAttribute('data-status', 'submitted')
  await expectPanelAccessible(page, '[data-testid="application-decision"]')

  const dialog = page.getByRole('dialog', { name: `Accept Kavya ${run} as a mentor?` })
  await clickWhenHydrated(panel.getByRole('button', { name: 'Accept', exact: true }))
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Yes, accept' }).click()
  await expect(page.getByTestId('decision-message')).toContainText(`Accepted. Kavya ${run} has a mentor account`)
  await expect(panel.getByTestId('application-state')).toHaveAttribute('data-status', 'accepted')
  await expect(panel.getByRole('link', { name: 'Open the mentor profile (draft until published)' })).toBeVisible()
  await expectPanelAccessible(page, '[data-testid="application-decision"]')
  await screenshotsAt375And1280(page, 'admin-application-accepted')

  const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
  expect(users.docs).toHaveLength(1)
  expect(users.docs[0].roles).toEqual(['mentor'])
  const mentors = await api.get(`/mentors?where[email][equals]=${encodeURIComponent(email)}&depth=0&draft=true`)
  expect(mentors.docs).toHaveLength(1)
  expect(mentors.docs[0]).toMatchObject({ user: users.docs[0].id, company: 'Razorpay', profession: 'Staff Engineer', _status: 'draft' })
  // Accepting again (a second click, another admin) changes nothing.
  const again = await api.post(`/mentor-applications/${application.id}/decide`, { decision: 'accept' })
  expect(again.changed).toBe(false)
})

test('the receipt links the applicant’s status page (Accepted, and what comes next); published, the new mentor takes bookings in an open batch', async ({
  page,
}) => {
  const api = await adminApi()
  const email = `accepted-${run}@engineers.example.com`
  const outbox = await api.get(
    `/email-outbox?where[to][equals]=${encodeURIComponent(email)}&where[template][equals]=mentor-application-received&depth=0`,
  )
  const link = /https?:\/\/\S+\/become-a-mentor\/status\?[^\s"<)]+/.exec(String(outbox.docs[0]?.text))?.[0]
  expect(link, 'the receipt links the status page').toBeDefined()
  const status = new URL(link!.replaceAll('&amp;', '&'))
  await page.goto(`${status.pathname}${status.search}`)
  await expect(page.getByRole('heading', { name: 'Your application to mentor' })).toBeVisible()
  await expect(page.getByTestId('application-state')).toHaveText('Accepted')
  await expect(page.getByTestId('application-next-step')).toContainText('Sign in with Google using the e-mail address you applied with')
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'application-status-accepted')
  // A link with a changed key tells nothing about the application.
  status.searchParams.set('key', 'x'.repeat(32))
  const wrong = await page.goto(`${status.pathname}${status.search}`)
  expect(wrong?.status()).toBe(404)
  await expect(page.getByTestId('application-status-error')).toContainText('We could not find an application for this link')
  await expect(page.getByText('Kavya')).toHaveCount(0)

  // Staff publish the draft profile the acceptance made: the mentor is in the directory with an open batch.
  const { docs } = await api.get(`/mentors?where[email][equals]=${encodeURIComponent(email)}&depth=0&draft=true`)
  await signInToAdmin(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${CMS_URL()}/admin/collections/mentors/${docs[0].id}`)
  await clickWhenHydrated(page.getByRole('button', { name: 'Publish changes' }))
  await expect(page.getByText(/published successfully|Updated successfully/i).first()).toBeVisible()
  await page.goto('/find-mentors?company=Razorpay')
  const card = page.getByTestId('directory-card').filter({ hasText: `Kavya ${run}` })
  await expect(card).toContainText(/Next batch starts .+ · \d+ seats? left/)
  await card.getByRole('link', { name: `Kavya ${run}` }).click()
  await expect(page.getByRole('heading', { name: `Kavya ${run}`, level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: `Book Session with Kavya ${run}` })).toHaveAttribute('href', `/?mentor=${docs[0].id}#booking`)
})
