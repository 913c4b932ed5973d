import { formatRupees, MESSAGES, mentorProfilePath } from '@mentorloop/shared'
import { expect, type Page, test } from '@playwright/test'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, publishedMentor, screenshotsAt375And1280, waitForHydration, waitUntilSiteShows } from './utils'

/**
 * Issue 20, the student site: one vocabulary (docs/vocabulary.md), the waitlist free on every
 * screen, figures in copy from the data, a public question bank, and the small things a student
 * tripped over. Each journey makes its own mentors and students, so the seeded data stays as the
 * other specs expect it.
 */
// Independent journeys: one that waits on a service change cannot stop the others.

const TOASTS = ['[data-sonner-toaster]']
const run = Date.now().toString(36)
const checkout = (page: Page) => page.getByRole('dialog', { name: /Sandbox payment/ })

const newMentor = publishedMentor

async function userId(email: string): Promise<number> {
  const api = await adminApi()
  const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
  return users.docs[0].id as number
}

/** A mentor whose one seat is taken: Join Waitlist everywhere. */
async function fullMentor(label: string) {
  const api = await adminApi()
  const mentor = await newMentor(`${label} ${run}`)
  const seated = `seated-${label.toLowerCase().replace(/\W+/g, '-')}-${run}@students.mentorloop.in`
  await api.post('/users', {
    email: seated,
    name: `Seated ${label}`,
    roles: ['student'],
    password: `pw-${run}-seated`,
    passwordLogin: true,
  })
  await api.post('/users/subscribe', { email: seated, planId: 'BEGINNER_TECHY' })
  const booking = await api.post('/bookings', { user: await userId(seated), mentor: mentor.id, status: 'confirmed' })
  // The directory pages through mentors (docs/decisions/081): look the new one up by name.
  await waitUntilSiteShows(`/find-mentors?q=${encodeURIComponent(mentor.name)}`, mentor.name)
  return { ...mentor, bookingId: booking.doc.id as number }
}

/** The booking form (landing page or /book), filled, with a mentor chosen. */
async function fillForm(page: Page, mentorId: number) {
  await page.getByLabel('Name', { exact: true }).fill('Meera Pillai')
  await page.getByLabel('Contact', { exact: true }).fill('9876501234')
  await page.getByLabel('Mentor', { exact: true }).selectOption(String(mentorId))
}

const FREE_WAITLIST = /Joining is free; when a seat opens we hold it for you for 24 hours and you pay then\./

test('a visitor: "Sign in" and no avatar, and the question bank’s Free and Plus without signing in', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.getByTestId('header-sign-in')).toHaveText('Sign in')
  await expect(page.getByTestId('avatar')).toHaveCount(0)
  // The booking form's e-mail is the signed-in account's: a visitor is told where it comes from.
  await expect(page.locator('#booking').getByLabel('Email', { exact: true })).toHaveAttribute('placeholder', 'Filled in when you sign in')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Question bank' }).first().click()
  await expect(page).toHaveURL('/question-bank/subscription')
  await expect(page.getByTestId('qb-visitor')).toBeVisible()
  const plus = page.locator('[data-plan-code="PLAN1"]')
  await expect(plus.getByTestId('plan-price')).toHaveText('₹99')
  await expect(plus).toContainText('Video solution')
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'question-bank-visitor')
  // Sign-in comes at subscribe time, and comes back here.
  await plus.getByRole('link', { name: 'Sign in to subscribe to Plus' }).click()
  await expect(page).toHaveURL('/login?redirectTo=%2Fquestion-bank%2Fsubscription')
})

test('the hero’s stats stand on one line at 375 and 1280 px (its rating figures only once there are real ratings)', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const tops = await page
      .getByTestId('hero-stat')
      .locator('dd')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top))
    // Without 20 real ratings the two rating figures are left out (docs/decisions/182).
    expect(tops).toHaveLength(1)
    expect(Math.max(...tops) - Math.min(...tops), `value tops at ${width}px: ${tops.join(', ')}`).toBeLessThan(1)
  }
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'hero-stats', { fullPage: false })
})

test('copy follows the data: a new price reads the same in About, the FAQ and the Terms; the batch size is the setting', async ({
  page,
}) => {
  const api = await adminApi()
  const { docs } = await api.get('/plans?where[code][equals]=BEGINNER_TECHY&depth=0')
  const plan = docs[0] as { id: number; price: number }
  const price = plan.price + 50
  try {
    await api.patch(`/plans/${plan.id}`, { price })
    await waitUntilSiteShows('/', `at ${formatRupees(price)} and`)
    await page.goto('/')
    await expect(page.locator('#about')).toContainText(`${formatRupees(price)} and`)
    await expect(page.locator('#faq')).toContainText(`(${formatRupees(price)} or`)
    // The seeded FAQ says the waitlist rule, with the hold from Business rules.
    await expect(page.locator('#faq')).toContainText('Joining the waitlist is free and needs no plan.')
    await expect(page.locator('#faq')).toContainText('we hold it for you for 24 hours and you pay then')
    await expect(page.locator('[data-plan-code="BEGINNER_TECHY"]').getByTestId('plan-price')).toHaveText(formatRupees(price))
    await page.goto('/terms')
    await expect(page.getByRole('main')).toContainText(`Beginner Techy Plan at ${formatRupees(price)} per batch`)
    await expectAccessible(page)
    await screenshotsAt375And1280(page, 'terms-from-the-data')
    // The batch size is the one setting, not the range of every mentor's capacity (the seed has a
    // mentor with 2 seats and this spec made several with 1).
    await page.goto('/')
    await expect(page.locator('#hero')).toContainText('small batch of 12–15 engineering students')
    expect(await page.locator('main').innerText()).not.toMatch(/\b[12]-15\b|\{(?:batchSize|price:)/)
  } finally {
    await api.patch(`/plans/${plan.id}`, { price: plan.price })
  }
})

test('a student without a plan joins a full mentor’s waitlist from the landing page: free, with the number in the queue', async ({
  page,
}) => {
  const mentor = await fullMentor('Landing Full')
  const student = `landing-waiter-${run}@students.mentorloop.in`
  await signInWithEmail(page, student)
  await page.goto(`/?mentor=${mentor.id}#booking`)
  await waitForHydration(page)
  const form = page.locator('#booking')
  await expect(form.getByTestId('waitlist-note')).toHaveText(
    `${mentor.name}’s batch is full. Joining the waitlist is free: when a seat opens we hold it for you for 24 hours and you pay then (with a plan, the seat is yours at once).`,
  )
  await fillForm(page, mentor.id)
  await form.getByRole('button', { name: 'Join Waitlist' }).click()
  // Needs the lead's service change (a full mentor queues a student without a plan instead of
  // answering Payment Required): docs/decisions/092-waitlist-free-on-every-screen.md.
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: MESSAGES.WAITLIST_TOKEN_TITLE })).toBeVisible()
  await expect(dialog).toContainText(`You’re on ${mentor.name}’s waitlist (number 1).`)
  await expect(dialog).toContainText(FREE_WAITLIST)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'waitlist-joined-dialog', { fullPage: false })
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click()
  await expect(page).toHaveURL('/myDashboard')
  await expect(page.getByTestId('waitlist-card').filter({ hasText: mentor.name })).toContainText('You are number 1 in the queue.')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'dashboard-waitlist-card')
})

test('from a profile: joins the waitlist free, is offered the seat, pays and is seated; the dialog names the seat', async ({ page }) => {
  const api = await adminApi()
  const mentor = await fullMentor('Profile Full')
  const student = `profile-waiter-${run}@students.mentorloop.in`
  await signInWithEmail(page, student)
  await page.goto(mentorProfilePath(mentor))
  await waitForHydration(page)
  await expect(page.getByTestId('waitlist-note')).toContainText('Joining the waitlist is free')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'profile-full-mentor')
  await page.getByRole('link', { name: `Join Waitlist with ${mentor.name}` }).click()
  await waitForHydration(page)
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(String(mentor.id))
  await fillForm(page, mentor.id)
  await page.locator('#booking').getByRole('button', { name: 'Join Waitlist' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(`You’re on ${mentor.name}’s waitlist (number 1).`)
  await expect(dialog).toContainText(FREE_WAITLIST)
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click()

  // The seat opens: held for our student, who has no plan; one message about it, not two.
  await api.patch(`/bookings/${mentor.bookingId}`, { status: 'cancelled' })
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const offer = page.getByTestId('offer-card')
  await expect(offer).toContainText(`A seat with ${mentor.name} is yours until`)
  await expect(offer).toContainText(/[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2}, \d{1,2}:\d{2} [ap]m IST/)
  await expect(page.getByTestId('waitlist-card')).toHaveCount(0)
  // A held seat is no longer a place in the queue: the card says one thing.
  await expect(offer).not.toContainText(/number \d+ in the queue/)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'held-seat-card')
  await page.setViewportSize({ width: 1280, height: 900 })
  await offer.getByRole('button', { name: /Claim with Beginner Techy Plan/ }).click()
  await checkout(page).getByRole('button', { name: /^Pay / }).click()
  const notice = page.getByTestId('payment-notice')
  await expect(notice).toContainText(`Your seat with ${mentor.name} in the`)
  await expect(notice).toContainText(/batch \(\d{1,2}(?: [A-Z][a-z]{2})?(?: \d{4})? ?– ?\d{1,2} [A-Z][a-z]{2} \d{4}\) is booked/)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'held-seat-claimed-notice', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await notice.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByTestId('booking-card').filter({ hasText: mentor.name })).toContainText('Seat claimed')
  // The dashboard says what the payment covers: the seat, its batch's days and the sessions.
  const coverage = page.getByTestId('your-plan').getByTestId('coverage-seat')
  await expect(coverage).toContainText(`your seat in ${mentor.name}'s`)
  await expect(coverage).toContainText(/batch \(\d{1,2}(?: [A-Z][a-z]{2})?(?: \d{4})? ?– ?\d{1,2} [A-Z][a-z]{2} \d{4}, \d+ live sessions\)/)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'dashboard-plan-coverage')
})

test('"Mentor Already Booked" names the seat and leads to the dashboard; cancelling says what happens to the plan', async ({ page }) => {
  const api = await adminApi()
  const first = await newMentor(`First Open ${run}`, { capacity: 5 })
  const second = await newMentor(`Second Open ${run}`, { capacity: 5 })
  await waitUntilSiteShows(`/find-mentors?q=${encodeURIComponent(second.name)}`, second.name)
  const student = `twice-${run}@students.mentorloop.in`
  await signInWithEmail(page, student)
  await api.post('/users/subscribe', { email: student, planId: 'BEGINNER_TECHY' })
  await page.goto(`/book?mentor=${first.id}`)
  await waitForHydration(page)
  await fillForm(page, first.id)
  await page.getByRole('button', { name: 'Book Session' }).click()
  await expect(page).toHaveURL('/myDashboard')

  await page.goto(`/book?mentor=${second.id}`)
  await waitForHydration(page)
  await fillForm(page, second.id)
  await page.getByRole('button', { name: 'Book Session' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: MESSAGES.MENTOR_ALREADY_BOOKED_TITLE })).toBeVisible()
  await expect(dialog).toContainText(`You already have a seat with ${first.name}`)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'mentor-already-booked', { fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })
  await dialog.getByRole('link', { name: 'Go to Dashboard' }).click()
  await expect(page).toHaveURL('/myDashboard')

  const card = page.getByTestId('booking-card').filter({ hasText: first.name })
  await expect(card.getByTestId('booking-batch')).toContainText(
    / · \d{1,2}(?: [A-Z][a-z]{2})?(?: \d{4})? ?– ?\d{1,2} [A-Z][a-z]{2} \d{4} · /,
  )
  await card.getByRole('link', { name: 'Cancel your seat' }).click()
  const confirm = page.getByRole('dialog')
  await expect(confirm).toContainText(
    'Your plan comes back as a credit: the next seat you book or are given uses it. You cannot undo this.',
  )
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'cancel-seat-dialog', { fullPage: false })
})

test('"Check answer" with nothing chosen asks for a choice', async ({ page }) => {
  await signInWithEmail(page, `checker-${run}@students.mentorloop.in`)
  await page.goto('/question-bank/practice')
  await waitForHydration(page)
  const first = page.getByTestId('qb-question').first()
  await first.getByRole('button', { name: 'Check answer' }).click()
  await expect(first.getByTestId('qb-answer-error')).toHaveText('Choose an answer first: pick one of the options, then check it.')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'practice-choose-first')
  // Choosing one clears it, and the answer is checked.
  await first.getByRole('radio').first().check()
  await expect(first.getByTestId('qb-answer-error')).toHaveCount(0)
  await first.getByRole('button', { name: 'Check answer' }).click()
  await expect(first.getByTestId('qb-result')).toBeVisible()
})

test('the "signed in" toast does not cover the booking form’s Mentor field at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto(`/login?${new URLSearchParams({ redirectTo: '/book' })}`)
  await page.getByLabel('Or any e-mail address').fill(`toast-${run}@students.mentorloop.in`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page).toHaveURL('/book')
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.LOGIN_SUCCESS })
  await expect(toast).toBeVisible()
  const field = page.getByLabel('Mentor', { exact: true })
  const [a, b] = [await toast.boundingBox(), await field.boundingBox()]
  const overlap = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  expect(overlap, `toast ${JSON.stringify(a)} over field ${JSON.stringify(b)}`).toBeFalsy()
  // axe reads colours as drawn: measured at rest, not while the toast still fades in (a loaded
  // machine ran axe mid-fade and read its text as too faint: a contrast the person never sees).
  await expect(toast).toHaveCSS('opacity', '1')
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'signed-in-toast', { fullPage: false })
})
