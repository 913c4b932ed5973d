import { MESSAGES } from '@mentorloop/shared'
import { expect, test } from '@playwright/test'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, screenshotsAt375And1280, waitForHydration, waitUntilSiteShows } from './utils'

/**
 * Issue 12, "Buy, then book, without losing anything": a visitor finds a mentor by skill, reads
 * the profile, starts the booking signed out, signs in and comes back to the form with its values,
 * is asked to pay, buys a plan, and the payment's success dialog finishes the booking in one
 * step. A mentor of its own (a skill nobody else has) and a new student per run.
 */
test.describe.configure({ mode: 'serial' })

const TOASTS = ['[data-sonner-toaster]']
const run = Date.now().toString(36)
const skill = `Rust Embedded ${run}`
const mentor = {
  name: `Kavya Menon ${run}`,
  email: `kavya-${run}@mentors.mentorloop.in`,
  profession: 'Staff Engineer',
  company: 'Flipkart',
  skills: `${skill}, Kotlin`,
  bio: 'Ships Android apps to a hundred million phones and mentors new graduates.',
  capacity: 5,
  _status: 'published',
}
const student = { email: `ananya-${run}@students.mentorloop.in`, name: 'Ananya Rao', phone: '9812345678' }
let mentorId = 0

test.beforeAll(async () => {
  const api = await adminApi()
  mentorId = (await api.post('/mentors', mentor)).doc.id
  await waitUntilSiteShows(`/find-mentors?skill=${encodeURIComponent(skill)}`, mentor.name)
  // Each directory page is cached on its own (docs/decisions/081): the first page offers the new skill too.
  await waitUntilSiteShows('/find-mentors', skill)
})

test('find a mentor by skill, read the profile, sign in and pay from the booking form, and finish the booking in one step', async ({
  page,
}) => {
  // Find by skill, read the profile, follow Book.
  await page.goto('/find-mentors')
  await waitForHydration(page)
  await page.getByLabel('Skill').selectOption(skill)
  await page.getByRole('button', { name: 'Show mentors' }).click()
  await expect(page.getByTestId('directory-card')).toHaveCount(1)
  await page.getByRole('link', { name: mentor.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: mentor.name })).toBeVisible()
  await expect(page.getByText(mentor.bio)).toBeVisible()
  await waitForHydration(page)
  await page.getByRole('link', { name: `Book Session with ${mentor.name}` }).click()
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(String(mentorId))

  // Signed out: the form asks to sign in, and what was typed survives the sign-in.
  await waitForHydration(page)
  await page.getByLabel('Name', { exact: true }).fill(student.name)
  await page.getByLabel('Contact', { exact: true }).fill(student.phone)
  await page.getByRole('button', { name: 'Book Session' }).click()
  const dialog = page.getByTestId('booking-dialog')
  await expect(dialog).toContainText(MESSAGES.PLEASE_LOGIN)
  await dialog.getByRole('link', { name: 'Sign in' }).click()
  await page.getByLabel('Or any e-mail address').fill(student.email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
  await expect(page).toHaveURL(/\/#booking$/)
  await waitForHydration(page)
  await expect(page.getByTestId('booking-draft-note')).toBeVisible()
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(String(mentorId))
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(student.name)
  await expect(page.getByLabel('Contact', { exact: true })).toHaveValue(student.phone)
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(student.email)

  // No plan yet: one calm dialog, See plans, buy through the sandbox checkout.
  await page.getByRole('button', { name: 'Book Session' }).click()
  await expect(dialog).toContainText(MESSAGES.PAYMENT_REQUIRED_TITLE)
  await dialog.getByRole('button', { name: 'See plans' }).click()
  await page.getByRole('button', { name: 'Choose Beginner Techy Plan' }).click()
  const checkout = page.getByRole('dialog', { name: /Sandbox payment/ })
  await checkout.getByRole('button', { name: /^Pay / }).click()

  // Paid: the dialog offers the booking started before, with its values, as one step.
  const notice = page.getByTestId('payment-notice')
  await expect(notice).toContainText(MESSAGES.PAYMENT_SUCCESSFUL_TITLE)
  const finish = notice.getByTestId('finish-booking')
  await expect(finish).toContainText(mentor.name)
  await expect(finish).toContainText(student.name)
  await expect(finish).toContainText(student.phone)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'finish-booking', { fullPage: false })
  await expect(finish.getByRole('button', { name: `Book Session with ${mentor.name}` })).toBeVisible()
  // "Not now" leaves a credit, not a forgotten booking: the dashboard's credit card offers the
  // booking started and a way to find a mentor (docs/decisions/183).
  await finish.getByRole('button', { name: 'Not now' }).click()
  await page.goto('/myDashboard')
  await waitForHydration(page)
  await expect(page.getByTestId('coverage-credit')).toContainText(/if none has by \d{1,2} [A-Z][a-z]{2} \d{4}, we refund it automatically/)
  const next = page.getByTestId('credit-next-step')
  await expect(next.getByRole('link', { name: 'Find a mentor' })).toHaveAttribute('href', '/find-mentors')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'credit-next-step', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await next.getByRole('button', { name: `Finish your booking with ${mentor.name}` }).click()

  await expect(page).toHaveURL('/myDashboard')
  await expect(page.getByText(MESSAGES.BOOKING_CREATED)).toBeVisible()
  await expect(page.getByTestId('booking-card')).toContainText(mentor.name)

  // Done: the kept booking is gone; the phone stays on the profile for next time.
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByTestId('booking-draft-note')).toHaveCount(0)
  await expect(page.getByLabel('Contact', { exact: true })).toHaveValue(student.phone)
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue('')
})

test('without JavaScript, Payment Required keeps the booking and the landing form comes back with it', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signInWithEmail(page, `nojs-${student.email}`)
  await page.goto(`/book?mentor=${mentorId}`)
  await page.getByLabel('Name', { exact: true }).fill('Ishaan Gupta')
  await page.getByLabel('Contact', { exact: true }).fill('9800011122')
  await page.getByRole('button', { name: 'Book Session' }).click()
  await expect(page.getByRole('alert')).toContainText(MESSAGES.PAYMENT_REQUIRED_TITLE)
  await page.getByRole('link', { name: 'See plans' }).click()
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(String(mentorId))
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Ishaan Gupta')
  await expect(page.getByLabel('Contact', { exact: true })).toHaveValue('9800011122')
  await expect(page.getByTestId('booking-draft-note')).toBeVisible()

  // It was this account's: a visitor without that session (another person at this computer) does not get it.
  await context.clearCookies({ name: 'ml_session' })
  await page.goto('/')
  await expect(page.getByLabel('Contact', { exact: true })).toHaveValue('')
  await expect(page.getByTestId('booking-draft-note')).toHaveCount(0)
  await context.close()
})
