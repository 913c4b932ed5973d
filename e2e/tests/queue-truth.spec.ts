import { type BrowserContext, expect, test } from '@playwright/test'
import { signInWithEmail } from './auth-helpers'
import {
  adminApi,
  expectAccessible,
  expectPanelAccessible,
  publishedMentor,
  screenshotsAt375And1280,
  signInToAdmin,
  waitForHydration,
} from './utils'

/**
 * Issue 32, "the queue tells the truth", in the browser: a student seated with one mentor joins a
 * full mentor's waitlist. The full state names the batch; their queue card says they are passed
 * over for that batch (one seat at a time) and that their turn comes from the batch after; when
 * the seat frees, the mentor's page offers it to the public and the admin's home counts nobody
 * waiting for it. A new student's empty dashboard says the next step.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const TOASTS = ['[data-sonner-toaster]']

const newMentor = publishedMentor

async function userId(email: string): Promise<number> {
  const users = await (await adminApi()).get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)
  return users.docs[0].id as number
}

/** A seat with the mentor for a student who signed in (paid with a plan, as the booking would). */
async function seatFor(email: string, mentorId: number): Promise<number> {
  const api = await adminApi()
  await api.post('/users/subscribe', { email, planId: 'BEGINNER_TECHY' })
  const booking = await api.post('/bookings', { user: await userId(email), mentor: mentorId, status: 'confirmed' })
  return booking.doc.id as number
}

test('a new student’s empty dashboard says the next step', async ({ page }) => {
  await signInWithEmail(page, `empty-${run}@students.mentorloop.in`)
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const empty = page.getByTestId('no-seat-yet')
  await expect(empty).toContainText('join the waitlist of a full one')
  await expect(empty.getByRole('link', { name: 'Find a mentor' })).toHaveAttribute('href', '/find-mentors')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'empty-dashboard')
})

const other = `Priya Queue ${run}`
const full = `Aarav Queue ${run}`
const student = `elsewhere-${run}@students.mentorloop.in`
/** The seat in the full mentor's batch, freed in the second part of the journey, and the student's sign-in. */
let takerSeat = 0
let signedIn: Awaited<ReturnType<BrowserContext['storageState']>> | null = null

test('a student seated elsewhere joins a full mentor’s waitlist: the full batch is named, and the card says their turn comes from the batch after', async ({
  page,
}) => {
  const otherMentor = await newMentor(other)
  const fullMentor = await newMentor(full)
  // The seat's taker is made through the API (the browser is the waiting student's).
  const taker = `taker-${run}@students.mentorloop.in`
  await (await adminApi()).post('/users', { email: taker, password: `pw-${run}-taker`, name: 'Seat Taker', roles: ['student'] })
  takerSeat = await seatFor(taker, fullMentor.id)

  await signInWithEmail(page, student)
  await seatFor(student, otherMentor.id)

  // The full state names the batch.
  await page.goto('/mentors')
  await waitForHydration(page)
  const row = page.getByRole('listitem').filter({ hasText: full })
  // …and says when the next batch, whose seats go to the waiting first, opens: the day this one starts.
  await expect(row.getByTestId('batch-status')).toContainText(
    /\w+ \d{4} batch: Full · join the waitlist for the next batch, which opens \d{1,2} \w{3} \d{4}/,
  )
  await row.getByRole('button', { name: /^Join Waitlist \(free\)/ }).click()
  await expect(row.getByText('✓ On Waitlist')).toBeVisible()

  // The queue card says the truth: not this batch (a seat with Priya), from the one after it.
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const card = page.getByTestId('waitlist-card').filter({ hasText: full })
  await expect(card).toHaveAttribute('data-turn', 'next-batch')
  await expect(card).toContainText('You are number 1 in the queue.')
  await expect(card).toContainText(/You are not offered a seat in the \w+ \d{4} batch/)
  await expect(card).toContainText(`you have a seat with ${other}`)
  await expect(card).toContainText('a student takes one seat at a time')
  await expect(card).toContainText('Your turn comes from the batch after it')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'queue-card-seated-elsewhere')
  signedIn = await page.context().storageState()
})

test('the seat frees while they wait: nobody in line can take it, so the public may book it, and the admin counts nobody waiting for it', async ({
  browser,
}) => {
  expect(takerSeat).toBeGreaterThan(0)
  const context = await browser.newContext({ storageState: signedIn ?? undefined })
  const page = await context.newPage()
  // The seat frees: nobody in line can take it, so the public may book it; the card is unchanged.
  await (await adminApi()).patch(`/bookings/${takerSeat}`, { status: 'cancelled' })
  await expect
    .poll(async () => {
      await page.goto('/mentors')
      return page.getByRole('listitem').filter({ hasText: full }).getByTestId('batch-status').innerText()
    })
    .toMatch(/1 seat left/)
  await page.goto('/myDashboard')
  await expect(page.getByTestId('waitlist-card').filter({ hasText: full })).toHaveAttribute('data-turn', 'next-batch')

  // The admin's home: nobody waiting for that open seat, one for a later batch.
  await page.context().clearCookies()
  await signInToAdmin(page)
  const waitlists = page.getByRole('region', { name: 'Needs attention' }).getByRole('region', { name: 'Waitlists' })
  const line = waitlists.getByRole('listitem').filter({ hasText: full })
  await expect(line).toContainText('0 waiting · 1 for a later batch')
  await expectPanelAccessible(page, '[aria-labelledby="ml-attention-mentors"]')
  await screenshotsAt375And1280(page, 'admin-waitlists')
  await context.close()
})
