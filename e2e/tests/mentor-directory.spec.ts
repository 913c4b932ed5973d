import { MESSAGES } from '@mentorloop/shared'
import { expect, test } from '@playwright/test'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, screenshotsAt375And1280, waitForHydration, waitUntilSiteShows } from './utils'

/**
 * Issue 12: a student finds a mentor by skill in the public directory (also without JavaScript),
 * reads the public profile, follows Book to the booking form with the mentor chosen, books, and
 * the mentor's e-mail is queued. A mentor of its own, with a skill nobody else has.
 */
test.describe.configure({ mode: 'serial' })

const TOASTS = ['[data-sonner-toaster]']
const run = Date.now().toString(36)
const skill = `Compiler Design ${run}`
const mentor = {
  name: `Devika Iyer ${run}`,
  email: `devika-${run}@mentors.mentorloop.in`,
  profession: 'Principal Engineer',
  company: 'Zerodha',
  skills: `${skill}, Go`,
  bio: 'Builds trading infrastructure and reviews a lot of system design documents.',
  linkedin: 'https://www.linkedin.com/in/devika-iyer',
  capacity: 4,
  _status: 'published',
}
let mentorId = 0
const slugName = () => mentor.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')

test.beforeAll(async () => {
  const api = await adminApi()
  const { doc } = await api.post('/mentors', mentor)
  mentorId = doc.id
  // Two Saturday sessions at 10:00 am India time in the open batch (issue 32: cards say when it meets).
  const { docs } = await api.get(`/batches?where[mentor][equals]=${mentorId}&where[status][equals]=open&depth=0`)
  const batch = docs[0] as { id: number; startsOn: string }
  const starts = new Date(batch.startsOn).getTime()
  const istMidnights = Array.from({ length: 7 }, (_, i) => starts + i * 86_400_000)
  const saturday = istMidnights.find((t) => new Date(t + 330 * 60_000).getUTCDay() === 6)!
  for (const week of [0, 1]) {
    const startsAt = new Date(saturday + week * 7 * 86_400_000 + 10 * 3_600_000).toISOString()
    await api.post('/sessions', { title: `Week ${week + 1}`, batch: batch.id, startsAt, durationMinutes: 60 })
  }
  await waitUntilSiteShows(`/find-mentors?skill=${encodeURIComponent(skill)}`, '2 live sessions on Saturdays')
  // Each directory page is cached on its own (docs/decisions/081): the first page offers the new skill too.
  await waitUntilSiteShows('/find-mentors', skill)
})

test('a student finds a mentor by skill, reads the profile and follows Book to the form with the mentor chosen', async ({ page }) => {
  await page.goto('/find-mentors')
  await waitForHydration(page)
  await expect(page).toHaveTitle('Find a mentor | MentorLoop')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/find-mentors$/)
  // No e-mail address anywhere in the directory.
  expect(await page.content()).not.toContain('@mentors.mentorloop.in')
  await page.getByLabel('Skill').selectOption(skill)
  await page.getByRole('button', { name: 'Show mentors' }).click()
  await expect(page).toHaveURL(new RegExp(`skill=${encodeURIComponent(skill).replace(/%20/g, '\\+')}`))
  const cards = page.getByTestId('directory-card')
  await expect(cards).toHaveCount(1)
  await expect(cards.first()).toContainText('Principal Engineer')
  await expect(cards.first()).toContainText('Zerodha')
  await expect(cards.first()).toContainText(/Next batch starts .* · 4 seats left/)
  // What a seat costs and when the batch meets, on the card (issue 32).
  await expect(cards.first().getByTestId('card-price')).toHaveText('From ₹599 per batch')
  await expect(cards.first().getByTestId('card-schedule')).toHaveText(/^2 live sessions on Saturdays, first Sat \d+ \w+, 10:00 am IST$/)
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'mentor-directory')

  // A company with nobody: the empty state offers to clear the filters.
  await page.goto(`/find-mentors?company=${encodeURIComponent('Nobody Inc')}`)
  await expect(page.getByTestId('directory-empty')).toContainText('No mentor matches these filters.')
  await page.getByTestId('directory-empty').getByRole('link', { name: 'Clear the company' }).click()
  await expect(page).toHaveURL(/\/find-mentors$/)
  await expect(page.getByTestId('directory-card').first()).toBeVisible()

  await page.goto(`/find-mentors?skill=${encodeURIComponent(skill)}`)
  await page.getByRole('link', { name: mentor.name }).click()
  await expect(page).toHaveURL(new RegExp(`/mentor/${slugName()}-${mentorId}$`))
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1, name: mentor.name })).toBeVisible()
  await expect(page.getByText(mentor.bio)).toBeVisible()
  await expect(page.getByRole('link', { name: /LinkedIn profile/ })).toHaveAttribute('href', mentor.linkedin)
  await expect(page).toHaveTitle(`${mentor.name}, Principal Engineer at Zerodha | MentorLoop`)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/mentor/${slugName()}-${mentorId}$`))
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile')
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}')
  expect(ld).toMatchObject({ '@type': 'Person', name: mentor.name, jobTitle: 'Principal Engineer', sameAs: [mentor.linkedin] })
  expect(await page.content()).not.toContain(mentor.email)
  // The batch's dates, when it meets and its price; each plan with what it includes.
  await expect(page.getByTestId('batch-schedule')).toContainText(/2 live sessions on Saturdays, first Sat \d+ \w+, 10:00 am IST/)
  await expect(page.getByTestId('batch-price')).toHaveText('From ₹599 per batch')
  const plans = page.getByRole('region', { name: 'What a seat includes' })
  await expect(plans.getByRole('heading', { level: 3 })).toHaveText(['Beginner Techy Plan', 'Placement-Focused Plan'])
  await expect(plans).toContainText('₹799 per batch')
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'mentor-profile')

  await page.getByRole('link', { name: `Book Session with ${mentor.name}` }).click()
  await expect(page).toHaveURL(new RegExp(`/\\?mentor=${mentorId}#booking$`))
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(String(mentorId))
})

test('the directory filters and the profile work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/find-mentors')
  await page.getByLabel('Skill').selectOption(skill)
  await page.getByRole('button', { name: 'Show mentors' }).click()
  await expect(page.getByTestId('directory-card')).toHaveCount(1)
  await page.getByRole('link', { name: mentor.name }).click()
  await expect(page.getByRole('heading', { level: 1, name: mentor.name })).toBeVisible()
  await context.close()
})

test('profile addresses: a wrong name redirects to the canonical one; unknown or malformed ones are 404', async ({ page, request }) => {
  const wrong = await request.get(`/mentor/someone-else-${mentorId}`, { maxRedirects: 0 })
  expect(wrong.status()).toBe(301)
  expect(wrong.headers().location).toBe(`/mentor/${slugName()}-${mentorId}`)
  expect((await request.get('/mentor/nobody-2147483000')).status()).toBe(404)
  expect((await request.get('/mentor/not-a-slug')).status()).toBe(404)
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain('/find-mentors</loc>')
  expect(sitemap).toContain(`/mentor/${slugName()}-${mentorId}</loc>`)
  // "All Mentors" on the landing page leads to the directory (the landing page shows a few,
  // docs/decisions/080), where the card's name leads to the profile.
  await page.goto('/')
  await expect(page.locator('#mentors').getByRole('link', { name: 'All Mentors' })).toHaveAttribute('href', '/find-mentors')
  await page.goto(`/find-mentors?q=${encodeURIComponent(mentor.name)}`)
  await expect(page.getByRole('link', { name: mentor.name, exact: true })).toHaveAttribute('href', `/mentor/${slugName()}-${mentorId}`)
})

test('a student with a plan books from the profile; the mentor’s e-mail is queued', async ({ page }) => {
  const student = `dir-student-${run}@students.mentorloop.in`
  await signInWithEmail(page, student)
  const api = await adminApi()
  await api.post('/users/subscribe', { email: student, planId: 'BEGINNER_TECHY' })
  await page.goto(`/mentor/${slugName()}-${mentorId}`)
  await page.getByRole('link', { name: `Book Session with ${mentor.name}` }).click()
  await waitForHydration(page)
  await expect(page.getByLabel('Mentor', { exact: true })).toHaveValue(String(mentorId))
  await page.getByLabel('Name', { exact: true }).fill('Directory Student')
  await page.getByLabel('Contact', { exact: true }).fill('9876501234')
  await page.getByRole('button', { name: 'Book Session' }).click()
  await expect(page.getByText(MESSAGES.BOOKING_CREATED)).toBeVisible()
  await expectAccessible(page, { exclude: TOASTS })

  // Queued in the booking's transaction: a pending job, or already sent to the outbox.
  await expect
    .poll(async () => {
      const jobs = (await api.get('/payload-jobs?limit=200&depth=0&sort=-createdAt')).docs as {
        input?: { to?: string; template?: string }
      }[]
      const sent = (await api.get(`/email-outbox?where[to][equals]=${encodeURIComponent(mentor.email)}&depth=0`)).docs as {
        template?: string
      }[]
      return [...jobs.filter((j) => j.input?.to === mentor.email).map((j) => j.input?.template), ...sent.map((d) => d.template)]
    })
    .toContain('mentor-seat-booked')
})
