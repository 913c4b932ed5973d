import { istDay, istMidnight, nextIstMonth } from '@mentorloop/shared'
import { expect, type Page, test } from '@playwright/test'
import pg from 'pg'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, screenshotsAt375And1280, waitForHydration } from './utils'

/**
 * Issue 32, "Sessions": a mentor moves a session and cancels another from their home (with
 * JavaScript, and without), through the admin's path (the students get the old and new time, a
 * calendar cancellation); the student's seat then lists each session with its own link and the
 * cancelled one as cancelled without a link, with counts that match; the private calendar link
 * copies and adds to Google Calendar, and shows whole on a phone. Its own mentor and student.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36)
const mentorEmail = `moves-mentor-${run}@mentors.mentorloop.in`
const studentEmail = `moves-student-${run}@students.mentorloop.in`
const TOASTS = ['[data-sonner-toaster]']
const next = nextIstMonth(new Date())
const first = istDay(next.startsOn)
const days = Array.from({ length: 31 }, (_, i) => new Date(Date.UTC(first.year, first.month - 1, i + 1))).filter(
  (d) => d.getUTCMonth() === first.month - 1,
)
const pad = (n: number) => String(n).padStart(2, '0')
const value = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
const saturdays = days.filter((d) => d.getUTCDay() === 6)
const tuesday = days.find((d) => d.getUTCDay() === 2 && d > saturdays[0]!)!
/** An instant on a day of the batch at `hours` India time. */
const atIst = (d: Date, hours: number) =>
  new Date(istMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()).getTime() + hours * 3_600_000)
const LINK_ONE = `https://meet.example.com/one-${run}`
const LINK_EXTRA = `https://meet.example.com/doubts-${run}`

const sessionItem = (page: Page, title: string) => page.getByTestId('home-session').filter({ hasText: title })

test.beforeAll(async ({ browser }) => {
  const api = await adminApi()
  // Payload's accounts need a password; this mentor signs in through Google (passwordLogin stays off).
  const { doc: user } = await api.post('/users', {
    email: mentorEmail,
    password: `pw-${run}-moves`,
    name: `Moving Mentor ${run}`,
    roles: ['mentor'],
  })
  const { doc: mentor } = await api.post('/mentors', {
    name: `Moving Mentor ${run}`,
    email: `moves-mentor-profile-${run}@mentors.mentorloop.in`,
    user: user.id,
    profession: 'Staff Engineer',
    company: 'Razorpay',
    skills: 'System Design',
    capacity: 4,
    autoOpenNextBatch: false,
    _status: 'published',
  })
  const { doc: batch } = await api.post('/batches', {
    mentor: mentor.id,
    label: next.label,
    startsOn: next.startsOn.toISOString(),
    endsOn: next.endsOn.toISOString(),
    capacity: 4,
    status: 'open',
  })
  // The student signs in once (their account), pays (a completed payment) and is seated in the batch.
  const context = await browser.newContext()
  await signInWithEmail(await context.newPage(), studentEmail)
  await context.close()
  const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(studentEmail)}&depth=0`)
  const sid = users.docs[0].id as number
  await api.patch(`/users/${sid}`, { name: `Moving Student ${run}` })
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    await db.query(
      `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id, subscription_starts, subscription_ends)
       SELECT $1, p.id, p.price * 100, 'INR', 'completed', 'sandbox', $2, $3, now(), now() + interval '40 days' FROM plans p WHERE p.code = 'BEGINNER_TECHY'`,
      [sid, `order_moves_${run}`, `pay_moves_${run}`],
    )
  } finally {
    await db.end()
  }
  await api.post('/bookings', { user: sid, batch: batch.id, mentor: mentor.id, status: 'confirmed' })
  // Session 1 on the first Saturday, and an extra doubt session with a call of its own on a Tuesday.
  await api.post('/sessions', {
    title: 'Session 1',
    batch: batch.id,
    startsAt: atIst(saturdays[0]!, 10).toISOString(),
    meetingLink: LINK_ONE,
  })
  await api.post('/sessions', {
    title: 'Extra doubt session',
    batch: batch.id,
    startsAt: atIst(tuesday, 19).toISOString(),
    durationMinutes: 45,
    meetingLink: LINK_EXTRA,
  })
})

test('a mentor moves a session and cancels another from their home; the students hear the old and new time', async ({ page, browser }) => {
  await signInWithEmail(page, mentorEmail)
  await page.goto('/mentor-home')
  await waitForHydration(page)
  await expect(page.getByTestId('session-tally')).toHaveText('2 sessions: 0 held, 2 to come')
  await sessionItem(page, 'Session 1')
    .getByRole('link', { name: /Move or cancel/ })
    .click()
  await expect(page.getByRole('heading', { name: 'Move or cancel a session', level: 1 })).toBeVisible()
  await expect(page.getByTestId('session-now')).toContainText('10:00 am IST · 60 min')
  const move = page.getByTestId('move-session-form')
  await expect(move.getByLabel('New date')).toHaveValue(value(saturdays[0]!))
  await expect(move.getByLabel('New start time (IST)')).toHaveValue('10:00')
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'session-move-or-cancel')
  await page.setViewportSize({ width: 1280, height: 900 })

  // A weekday asks to be confirmed, as when scheduling.
  await move.getByLabel('New date').fill(value(tuesday))
  await move.getByRole('button', { name: 'Move the session' }).click()
  await expect(move.getByRole('alert')).toContainText('is a Tuesday')
  await move.getByLabel('New date').fill(value(saturdays[1]!))
  await move.getByLabel('New start time (IST)').fill('11:30')
  await move.getByRole('button', { name: 'Move the session' }).click()
  await expect(page).toHaveURL(/\/mentor-home\?moved=/)
  await expect(page.getByTestId('home-done')).toContainText('Session 1 moved to Sat')
  await expect(sessionItem(page, 'Session 1')).toContainText('11:30 am IST · 60 min')

  // The student's e-mail gives the old time and the new one, in India time.
  const api = await adminApi()
  const mails = (
    await api.get(`/email-outbox?where[to][equals]=${encodeURIComponent(studentEmail)}&where[template][equals]=session-moved&depth=0`)
  ).docs as { text: string }[]
  expect(mails).toHaveLength(1)
  expect(mails[0]!.text).toMatch(/has moved from Sat \d+ \w+, 10:00 am IST \(60 minutes\) to Sat \d+ \w+, 11:30 am IST/)

  // Without JavaScript: the extra session's page cancels it, and the home lists it as cancelled, without a link.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
  const plain = await noJs.newPage()
  await plain.goto('/mentor-home')
  await sessionItem(plain, 'Extra doubt session')
    .getByRole('link', { name: /Move or cancel/ })
    .click()
  await plain.getByTestId('cancel-session-form').getByRole('button', { name: 'Cancel the session' }).click()
  await expect(plain).toHaveURL(/cancelledSession=/)
  await expect(plain.getByTestId('home-done')).toContainText('Extra doubt session on Tue')
  const extra = sessionItem(plain, 'Extra doubt session')
  await expect(extra.getByTestId('session-cancelled')).toHaveText('Cancelled: no meeting. Your students were e-mailed.')
  await expect(extra.getByRole('link')).toHaveCount(0)
  await expect(plain.getByTestId('session-tally')).toHaveText('1 session: 0 held, 1 to come · 1 cancelled')
  await noJs.close()

  await page.reload()
  await waitForHydration(page)
  await expectAccessible(page, { exclude: TOASTS })
  await screenshotsAt375And1280(page, 'mentor-home-moved-and-cancelled')
})

test('the student’s seat: each session’s own link, the cancelled one marked; the calendar link copies and adds to Google Calendar', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInWithEmail(page, studentEmail)
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const card = page.getByTestId('booking-card').filter({ hasText: `Moving Mentor ${run}` })
  await expect(card.getByTestId('session-tally')).toHaveText('1 session · 1 cancelled')
  const rows = card.getByTestId('student-session')
  await expect(rows).toHaveCount(2)
  const extra = rows.filter({ hasText: 'Extra doubt session' })
  await expect(extra).toContainText('Cancelled')
  await expect(extra.getByRole('link')).toHaveCount(0)
  const one = rows.filter({ hasText: 'Session 1' })
  await expect(one).toContainText('11:30 am IST')
  await expect(one.getByRole('link', { name: /Join the meeting for Session 1/ })).toHaveAttribute('href', LINK_ONE)

  const prefs = page.getByTestId('preferences')
  await prefs.getByRole('button', { name: 'Make my calendar link' }).click()
  const feed = prefs.getByLabel('Private calendar link')
  await expect(feed).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
  const url = await feed.inputValue()
  await expect(prefs.getByRole('link', { name: /Add to Google Calendar/ })).toHaveAttribute(
    'href',
    `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(url.replace(/^https?:\/\//, 'webcal://'))}`,
  )
  await prefs.getByRole('button', { name: 'Copy the link' }).click()
  await expect(prefs.getByText('Copied.')).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)
  await expectAccessible(page, { exclude: TOASTS })
  // At 375 px the whole address shows (it wraps): nothing of it is cut off.
  await page.setViewportSize({ width: 375, height: 900 })
  expect(await feed.evaluate((el: HTMLTextAreaElement) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight + 1)).toBe(
    true,
  )
  await screenshotsAt375And1280(page, 'dashboard-sessions-and-calendar-link')

  // Without JavaScript the address is there to copy by hand, and no copy button that would do nothing.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() })
  const plain = await noJs.newPage()
  await plain.goto('/myDashboard')
  await plain
    .getByTestId('preferences')
    .getByRole('button', { name: /Replace the link/ })
    .click()
  await expect(plain.getByLabel('Private calendar link')).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{32}\.ics$/)
  await expect(plain.getByRole('button', { name: 'Copy the link' })).toHaveCount(0)
  await expect(plain.getByRole('link', { name: /Add to Google Calendar/ })).toBeVisible()
  await noJs.close()
})
