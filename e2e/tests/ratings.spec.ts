import { expect, test } from '@playwright/test'
import { signInWithEmail } from './auth-helpers'
import { adminApi, CMS_URL, expectAccessible, moveCmsClock, screenshotsAt375And1280, waitForHydration } from './utils'

/**
 * Ratings (issue 21, docs/decisions/108): a student rates their mentor from the dashboard after
 * Session 1 (a plain form), changes the rating, and the mentor's card says "New mentor" until
 * there are 3 ratings, then the average and the count; the profile shows the comments their
 * authors agreed to, with a first name only. The other two ratings come through the CMS API as
 * their students. The CMS's clock is moved through its test clock and put back.
 */
test.describe.configure({ mode: 'serial' })

const stamp = Date.now().toString(36)
const HOUR = 3_600_000

test.afterAll(async () => moveCmsClock(0))

async function cmsCall(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${CMS_URL()}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `JWT ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null }
}

test('a student rates after Session 1; the card shows the average once there are 3 ratings', async ({ page }) => {
  test.slow()
  const api = await adminApi()
  const mentorName = `Rated Mentor ${stamp}`
  const { doc: mentor } = await api.post('/mentors', {
    name: mentorName,
    email: `rated-mentor-${stamp}@mentors.mentorloop.in`,
    profession: 'SDE III',
    company: 'Razorpay',
    skills: 'Backend',
    capacity: 5,
    _status: 'published',
  })
  const batch = (await api.get(`/batches?where[mentor][equals]=${mentor.id}&where[status][equals]=open&depth=0`)).docs[0]
  // A seat needs a plan to pay for it: granted as the other specs do, then the admin seats the student.
  const seat = async (user: { id: number; email: string }) => {
    await api.post('/users/subscribe', { email: user.email, planId: 'BEGINNER_TECHY' })
    await api.post('/bookings', { user: user.id, mentor: mentor.id, status: 'confirmed' })
  }

  // The student who rates in the browser, and two more who rate through the API as themselves.
  const email = `rater-${stamp}@students.mentorloop.in`
  await signInWithEmail(page, email)
  const me = (await api.get(`/users?where[email][equals]=${encodeURIComponent(email)}&depth=0`)).docs[0]
  await api.patch(`/users/${me.id}`, { name: 'Asha Verma' })
  await seat(me)
  const others = []
  for (const n of [1, 2]) {
    const other = { email: `rater-${n}-${stamp}@students.mentorloop.in`, password: `rater-password-${n}-${stamp}` }
    const { doc } = await api.post('/users', { ...other, name: `Other Student${n}`, roles: ['student'], passwordLogin: true })
    await seat(doc)
    const login = await cmsCall('POST', '/users/login', null, other)
    others.push(login.body?.token as string)
  }
  const startsAt = Date.parse(batch.startsOn) + 2 * 24 * HOUR + 4.5 * HOUR
  await api.post('/sessions', { title: 'Session 1', batch: batch.id, startsAt: new Date(startsAt).toISOString(), durationMinutes: 60 })

  // During Session 1: nothing to rate yet (the CMS refuses too).
  await moveCmsClock(startsAt + HOUR / 2 - Date.now())
  await page.goto('/myDashboard')
  await waitForHydration(page)
  await expect(page.getByTestId('signed-in-as')).toBeVisible()
  await expect(page.getByTestId('rate-mentor')).toHaveCount(0)
  const early = await cmsCall('POST', '/ratings/mine', others[0]!, { batchId: batch.id, stars: 5 })
  expect([early.status, early.body?.code]).toEqual([409, 'RATING_TOO_EARLY'])

  // An hour after Session 1 ended: the dashboard asks.
  await moveCmsClock(startsAt + 2 * HOUR - Date.now())
  await page.goto('/myDashboard')
  await waitForHydration(page)
  const card = page.getByTestId('rate-mentor')
  await expect(card.getByRole('heading', { name: 'Rate your mentor' })).toBeVisible()
  await expect(card).toContainText(mentorName)
  await expectAccessible(page)
  await card.getByRole('radio', { name: /4 stars/ }).check()
  await card.getByLabel('Comment (optional)').fill('Patient with every question, and the mock interview helped.')
  await card.getByRole('checkbox', { name: /Show my comment on the mentor’s profile/ }).check()
  await card.getByLabel('College year (optional)').selectOption('3rd year')
  await card.getByRole('button', { name: 'Submit rating' }).click()
  await expect(page.getByText('Thank you for your rating')).toBeVisible()
  // Shown again for editing: change 4 to 5 stars.
  await expect(card.getByRole('radio', { name: /4 stars/ })).toBeChecked()
  await card.getByRole('radio', { name: /5 stars/ }).check()
  await card.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Your rating is changed')).toBeVisible()
  await expect(card.getByRole('radio', { name: /5 stars/ })).toBeChecked()
  await expectAccessible(page, { exclude: ['[data-sonner-toaster]'] })
  await card.scrollIntoViewIfNeeded()
  await screenshotsAt375And1280(page, 'dashboard-rate-mentor')
  await page.setViewportSize({ width: 1280, height: 900 })

  // One rating: the card says "New mentor".
  const directoryCard = async () => {
    await page.goto(`/find-mentors?q=${encodeURIComponent(mentorName)}`)
    return page.getByTestId('directory-card').filter({ hasText: mentorName })
  }
  await expect(async () => {
    await expect((await directoryCard()).getByTestId('mentor-rating')).toHaveText('New mentor', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })

  // Two more ratings (4 and 3 stars): 5 + 4 + 3 → 4.0 from 3 ratings.
  for (const [i, stars] of [4, 3].entries()) {
    const made = await cmsCall('POST', '/ratings/mine', others[i]!, {
      batchId: batch.id,
      stars,
      comment: 'Private note',
      showComment: false,
    })
    expect(made.status).toBe(201)
  }
  await expect(async () => {
    await expect((await directoryCard()).getByTestId('mentor-rating')).toContainText('4.0 out of 5 (3 ratings)', { timeout: 1_000 })
  }).toPass({ timeout: 30_000 })
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'directory-rated-mentor')
  await page.setViewportSize({ width: 1280, height: 900 })

  // The profile: the average, and the one comment its author agreed to, with a first name and year only.
  await (await directoryCard()).getByRole('link', { name: mentorName }).click()
  await expect(page.getByRole('heading', { level: 1, name: mentorName })).toBeVisible()
  await expect(page.getByTestId('mentor-rating')).toContainText('4.0 out of 5 (3 ratings)')
  const comments = page.getByTestId('rating-comments')
  await expect(comments).toContainText('Patient with every question')
  await expect(comments).toContainText('Asha, 3rd year')
  // The profile (the page's main content; the header's account menu is the viewer's own, here the rater's).
  const profile = page.getByRole('main')
  await expect(profile).not.toContainText('Verma')
  await expect(profile).not.toContainText(email)
  await expect(profile).not.toContainText('Private note')
  // The whole page as a visitor gets it (markup and data included): none of it either.
  const asVisitor = await (await fetch(page.url())).text()
  for (const secret of ['Verma', email, 'Private note']) expect(asVisitor).not.toContain(secret)
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'profile-rated-mentor')
})
