import { expect, type Page, test } from '@playwright/test'
import { adminApi, expectAccessible, screenshotsAt375And1280, waitForHydration } from './utils'

/**
 * Issue 12, the question bank as a student lives with it: reached from the navigation, "Continue
 * with Free" opens practice, each question is answered with a radio group and "Check answer"
 * (with and without JavaScript), the solution follows, and a per-topic score is kept on the
 * account. Also the signed-out header's "Sign in" and the early-bird banner's end date.
 */
// The sign-in toast is mid-animation (partly transparent) when axe runs; it is not this screen's.
const AXE = { exclude: ['[data-sonner-toaster]'] }
let counter = 0
const freshEmail = (label: string) => `practice-${label}-${Date.now().toString(36)}-${++counter}@students.mentorloop.in`

async function signIn(page: Page, email: string, redirectTo = '/') {
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`)
  await page.getByLabel('Or any e-mail address').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
}

type Q = { id: number; question: string; correctOption: number; options: { text: string }[] }

/** The Free sample's correct options, read as the admin (a student never gets them before answering). */
async function freeSampleAnswers(): Promise<Map<number, Q>> {
  const api = await adminApi()
  const res = (await api.get('/questions?where[inFreeSample][equals]=true&limit=100&depth=0')) as { docs: Q[] }
  return new Map(res.docs.map((q) => [q.id, q]))
}

test.describe('question bank practice', () => {
  test('a student goes from the navigation to practice, answers five questions and sees each solution and the score', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    const answers = await freeSampleAnswers()
    await signIn(page, freshEmail('nav'))
    await waitForHydration(page)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Question bank' }).click()
    await expect(page).toHaveURL('/question-bank/subscription')
    // One status: Free, said calmly (no red "No active subscription!" beside it).
    await expect(page.getByTestId('qb-current-plan')).toHaveText('Free')
    await expect(page.getByTestId('qb-expiry')).toHaveText(/^Free plan/)
    await expect(page.getByTestId('qb-expiry')).not.toHaveClass(/text-red/)

    await page.locator('[data-plan-code="QB_FREE"]').getByRole('button', { name: 'Continue with Free' }).click()
    await expect(page).toHaveURL('/question-bank/practice')
    await expect(page.getByRole('heading', { name: 'Practice Questions', level: 1 })).toBeVisible()
    await waitForHydration(page)
    const cards = page.getByTestId('qb-question')
    await expect(cards).toHaveCount(5)
    await expect(page.getByTestId('qb-scores')).toContainText('Answer a question to start your score.')
    // Nothing gives the answer away before answering.
    await expect(page.getByTestId('qb-solution')).toHaveCount(0)
    expect(await page.content()).not.toContain('correctOption')
    await expectAccessible(page, AXE)

    // With JavaScript the answer is checked without a full page load.
    await page.evaluate(() => {
      ;(window as unknown as { __samePage: boolean }).__samePage = true
    })
    const expected: { topic: string; correct: boolean }[] = []
    for (let i = 0; i < 5; i++) {
      const card = cards.nth(i)
      const id = Number(await card.getAttribute('data-question-id'))
      const q = answers.get(id)
      expect(q, `question ${id} is in the Free sample`).toBeTruthy()
      // Right for the first two, wrong for the rest.
      const right = i < 2
      const choice = right ? q!.correctOption : (q!.correctOption % q!.options.length) + 1
      const group = card.getByRole('group', { name: `Your answer to question ${i + 1}` })
      await group
        .getByRole('radio')
        .nth(choice - 1)
        .check()
      await card.getByRole('button', { name: 'Check answer' }).click()
      const result = card.getByTestId('qb-result')
      await expect(result).toHaveAttribute('data-correct', String(right))
      await expect(result).toContainText(right ? 'Correct!' : 'Not quite.')
      await expect(card.getByTestId('qb-solution')).toBeVisible()
      await expect(card.getByRole('button', { name: 'Check answer' })).toHaveCount(0)
      const topic = (await card.getByRole('heading', { level: 2 }).textContent())!.split(' · ').pop()!.trim()
      expected.push({ topic, correct: right })
    }
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true)

    const scores = page.getByTestId('qb-score')
    await expect(scores).toHaveCount(new Set(expected.map((e) => e.topic)).size)
    for (const e of expected) {
      const mine = expected.filter((x) => x.topic === e.topic)
      await expect(page.getByTestId('qb-scores')).toContainText(
        `${e.topic}: ${mine.filter((x) => x.correct).length} of ${mine.length} correct`,
      )
    }
    // The score is kept on the account.
    await page.reload()
    await expect(page.getByTestId('qb-result')).toHaveCount(5)
    await expect(scores).toHaveCount(new Set(expected.map((e) => e.topic)).size)
    await expectAccessible(page, AXE)
    await screenshotsAt375And1280(page, 'practice')
  })

  test('without JavaScript a question is answered with a plain form', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await signIn(page, freshEmail('nojs'), '/question-bank/practice')
      await expect(page).toHaveURL('/question-bank/practice')
      const card = page.getByTestId('qb-question').first()
      // No choice: the browser's own check (required) keeps the form from leaving.
      await card.getByRole('radio').first().check()
      await card.getByRole('button', { name: 'Check answer' }).click()
      await expect(page).toHaveURL('/question-bank/practice')
      await expect(page.getByTestId('qb-question').first().getByTestId('qb-result')).toBeVisible()
      await expect(page.getByTestId('qb-question').first().getByTestId('qb-solution')).toBeVisible()
      await expect(page.getByTestId('qb-score')).toHaveCount(1)
      await expect(page.getByTestId('qb-score')).toHaveText(/: [01] of 1 correct$/)
    } finally {
      await context.close()
    }
  })

  test('a signed-out visitor sees "Sign in" in the header at 1280 and 375 px, and the Question bank link on the landing page', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/')
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' })
    await expect(signIn).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Mentors' })).toHaveAttribute('href', '/find-mentors')
    await expect(nav.getByRole('link', { name: 'Question bank' })).toHaveAttribute('href', '/question-bank/subscription')
    await expect(page.getByTestId('landing-question-bank').getByRole('link')).toHaveAttribute('href', '/question-bank/subscription')
    await page.setViewportSize({ width: 375, height: 800 })
    await expect(signIn).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await waitForHydration(page)
    await signIn.click()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/)
  })

  test('the early-bird banner reads "until {date}" and hides itself after its end date', async ({ page }) => {
    const api = await adminApi()
    const settings = (await api.get('/globals/site-settings?depth=0')) as { plansSection: Record<string, unknown> }
    const original = settings.plansSection
    const save = (bannerEndsAt: string | null) =>
      api.post('/globals/site-settings', { _status: 'published', plansSection: { ...original, bannerEndsAt } })
    try {
      // The CMS tells the site about the change a moment after saving: reload until it shows.
      await save(new Date(Date.now() + 10 * 86_400_000).toISOString())
      const banner = page.getByTestId('early-bird-banner')
      await expect(async () => {
        await page.goto('/')
        await expect(banner).toHaveText(/^Early bird prices until \d{1,2} [A-Z][a-z]{2,3} \d{4}$/, { timeout: 1_000 })
      }).toPass({ timeout: 15_000 })

      await save(new Date(Date.now() - 60_000).toISOString())
      await expect(async () => {
        await page.goto('/')
        await expect(page.locator('#premium-plans')).toBeVisible({ timeout: 1_000 })
        await expect(banner).toHaveCount(0, { timeout: 1_000 })
      }).toPass({ timeout: 15_000 })
    } finally {
      await save((original.bannerEndsAt as string | null | undefined) ?? null)
    }
  })
})
