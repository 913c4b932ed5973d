import { MESSAGES } from '@mentorloop/shared'
import { expect, type Page, test } from '@playwright/test'
import { openAvatarMenu } from './auth-helpers'
import { expectAccessible, settleRenders, waitForHydration } from './utils'

/**
 * The question-bank subscription screen and the practice page (issue 7): Free sees 5 questions,
 * Plus is bought through the sandbox checkout (the same window.Razorpay contract as checkout.js)
 * and unlocks 50 with solutions. Each test signs in as its own new student.
 */
// The sign-in toast is mid-animation (partly transparent) when axe runs; it is not this screen's.
const QB_AXE = { exclude: ['[data-sonner-toaster]'] }
let counter = 0
const freshEmail = (label: string) => `qb-${label}-${Date.now().toString(36)}-${++counter}@students.mentorloop.in`

async function signInWithEmail(page: Page, email: string, redirectTo = '/question-bank/subscription') {
  await page.goto(`/login?${new URLSearchParams({ redirectTo })}`)
  await page.getByLabel('Or any e-mail address').fill(email)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
  await waitForHydration(page)
}

/**
 * From now on the page's timers run only when the test moves its clock (`runFor`, `fastForward`),
 * so the 5 seconds of a banner or the confetti pass at once, and exactly. Needs
 * `page.clock.install()` before the first page load; until this call time flows as usual.
 */
async function pausePageClock(page: Page) {
  await page.clock.pauseAt(Date.now() + 1_000)
}

/** POSTs from the page to the subscription route, by intent (single-fetch form bodies). */
function recordIntents(page: Page): string[] {
  const intents: string[] = []
  page.on('request', (req) => {
    if (req.method() !== 'POST' || !new URL(req.url()).pathname.startsWith('/question-bank/subscription')) return
    const intent = new URLSearchParams(req.postData() ?? '').get('intent')
    if (intent) intents.push(intent)
  })
  return intents
}

test.describe('question bank', () => {
  test('the avatar menu leads to the subscription screen; a new student is on Free', async ({ page }) => {
    await signInWithEmail(page, freshEmail('menu'), '/')
    const menu = await openAvatarMenu(page)
    await menu.getByRole('menuitem', { name: 'Question bank' }).click()
    await expect(page).toHaveURL('/question-bank/subscription')
    await expect(page.getByRole('heading', { name: 'Question bank subscription', level: 1 })).toBeVisible()
    await expect(page.getByTestId('qb-current-plan')).toHaveText('Free')
    // One calm status beside "Free" (issue 12), not a red "No active subscription!".
    const expiry = page.getByTestId('qb-expiry')
    await expect(expiry).toHaveText(/^Free plan/)
    await expect(expiry).not.toHaveClass(/text-red/)

    const grid = page.getByTestId('qb-plan-grid')
    await expect(grid.locator('[data-plan-code]')).toHaveCount(2)
    await expect(grid.locator('[data-plan-code="QB_FREE"]').getByTestId('plan-price')).toHaveText('₹0')
    const plus = grid.locator('[data-plan-code="PLAN1"]')
    await expect(plus.getByTestId('plan-price')).toHaveText('₹99')
    await expect(plus.getByRole('button')).toHaveText(['Subscribe Now'])
    // Two columns on a desktop, one on a phone.
    const [free, paid] = await Promise.all([grid.locator('[data-plan-code="QB_FREE"]').boundingBox(), plus.boundingBox()])
    expect(Math.abs(free!.y - paid!.y)).toBeLessThan(2)
    await page.setViewportSize({ width: 390, height: 844 })
    const [free2, paid2] = await Promise.all([grid.locator('[data-plan-code="QB_FREE"]').boundingBox(), plus.boundingBox()])
    expect(paid2!.y).toBeGreaterThan(free2!.y + free2!.height - 1)
  })

  test('the Free button creates no order and opens practice (issue 12)', async ({ page }) => {
    await signInWithEmail(page, freshEmail('free'))
    const intents = recordIntents(page)
    await page.locator('[data-plan-code="QB_FREE"]').getByRole('button', { name: 'Continue with Free' }).click()
    await expect(page).toHaveURL('/question-bank/practice')
    expect(intents).toEqual(['free'])
  })

  test('the checkout script is loaded on entering the screen and removed on leaving it', async ({ page }) => {
    await signInWithEmail(page, freshEmail('script'))
    await expect(page.locator('script[data-checkout-script]')).toHaveCount(1)
    await page.getByRole('link', { name: 'Practise questions' }).click()
    await expect(page).toHaveURL('/question-bank/practice')
    await expect(page.locator('script[data-checkout-script]')).toHaveCount(0)
  })

  test('a Free student practises 5 questions without video or toppers solutions, and cannot filter by topic', async ({ page }) => {
    await signInWithEmail(page, freshEmail('practice'), '/question-bank/practice')
    await expect(page.getByRole('heading', { name: 'Practice Questions', level: 1 })).toBeVisible()
    await expect(page.getByTestId('qb-question')).toHaveCount(5)
    await expect(page.getByTestId('qb-video-solution')).toHaveCount(0)
    await expect(page.getByTestId('qb-toppers-solution')).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Topics' })).toHaveCount(0)
    // The solution follows an answer (issue 12); a Free student still gets no video or toppers' solution.
    const first = page.getByTestId('qb-question').first()
    await expect(first.getByTestId('qb-solution')).toHaveCount(0)
    await waitForHydration(page)
    await first.getByRole('radio').first().check()
    await first.getByRole('button', { name: 'Check answer' }).click()
    await expect(first.getByTestId('qb-solution')).toBeVisible()
    await expect(page.getByTestId('qb-video-solution')).toHaveCount(0)
    await expect(page.getByTestId('qb-toppers-solution')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/question-bank/subscription')

    await page.goto('/question-bank/practice?topic=DBMS')
    await expect(page.getByTestId('qb-practice-notice')).toHaveText('Topic-wise questions are part of the Plus plan.')
    await expect(page.getByTestId('qb-question')).toHaveCount(5)
    await expectAccessible(page, QB_AXE)
  })

  test('a checkout result without all three fields is refused without a verification call', async ({ page }) => {
    await signInWithEmail(page, freshEmail('partial'))
    const intents = recordIntents(page)
    // The widget (an outside service) answers without a signature.
    await page.evaluate(() => {
      type Options = { order_id: string; handler: (r: Record<string, string>) => void }
      function FakeRazorpay(this: { options: Options }, options: Options) {
        this.options = options
      }
      FakeRazorpay.prototype.on = () => {}
      FakeRazorpay.prototype.open = function (this: { options: Options }) {
        setTimeout(() => this.options.handler({ razorpay_payment_id: 'pay_partial', razorpay_order_id: this.options.order_id }), 50)
      }
      ;(window as unknown as { Razorpay: unknown }).Razorpay = FakeRazorpay
    })
    await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
    const banner = page.getByTestId('qb-banner')
    await expect(banner).toHaveText(new RegExp(MESSAGES.QB_INVALID_PAYMENT_RESPONSE.replace('.', '\\.')))
    await expect(banner).toHaveAttribute('data-kind', 'error')
    await expect(banner).toHaveClass(/bg-red-50/)
    expect(intents).toEqual(['subscribe'])
    await expect(page.getByTestId('qb-current-plan')).toHaveText('Free')
  })

  test('a student subscribes to Plus with the sandbox checkout: confetti, new status, 50 questions with solutions', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.clock.install()
    await signInWithEmail(page, freshEmail('plus'))
    await expectAccessible(page, QB_AXE)
    await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
    await expect(page.getByText(MESSAGES.QB_PROCESSING)).toBeVisible()
    await expect(page.getByTestId('qb-spinner')).toBeVisible()

    const checkout = page.getByRole('dialog')
    await expect(checkout).toBeVisible()
    await expect(checkout).toContainText('99')
    await pausePageClock(page)
    await checkout.getByRole('button', { name: /^Pay / }).click()

    await expect(page.getByTestId('qb-banner')).toHaveText(new RegExp(MESSAGES.QB_SUCCESS))
    await expect(page.getByTestId('qb-banner')).toHaveAttribute('data-kind', 'success')
    await expect(page.getByTestId('confetti')).toBeVisible()
    await expect(page.getByTestId('qb-current-plan')).toHaveText('Plus')
    await expect(page.getByTestId('qb-expiry')).toHaveText(/^Expires on: \d{1,2} [A-Z][a-z]{2,3} \d{4}$/)
    await expect(page.locator('[data-plan-code="PLAN1"]').getByRole('button')).toHaveText('Subscribed')
    // On Plus, Free follows by itself: the Free card says so rather than offering a "Back to Free" that only shows a note.
    await expect(page.locator('[data-plan-code="QB_FREE"]').getByTestId('free-after')).toContainText(
      /You return to Free after \d{1,2} [A-Z][a-z]{2,3} \d{4}/,
    )
    await expect(page.locator('[data-plan-code="QB_FREE"]').getByRole('button')).toHaveCount(0)
    // Confetti and banner both go after 5 seconds. fastForward jumps (each due timer fires once):
    // running every animation frame of the confetti would cost seconds of real time.
    await page.clock.fastForward(4_999)
    await settleRenders(page)
    await expect(page.getByTestId('confetti')).toBeVisible()
    await expect(page.getByTestId('qb-banner')).toBeVisible()
    await page.clock.fastForward(1)
    await expect(page.getByTestId('confetti')).toHaveCount(0)
    await expect(page.getByTestId('qb-banner')).toBeHidden()
    // The rest (the practice page, axe) runs on the page's own time again.
    await page.clock.resume()

    await page.getByRole('link', { name: 'Practise questions' }).click()
    await expect(page.getByTestId('qb-question')).toHaveCount(50)
    // Solutions (with Plus: video and toppers' too) follow an answer (issue 12).
    await waitForHydration(page)
    for (let i = 0; i < 6; i++) {
      const card = page.getByTestId('qb-question').nth(i)
      await card.getByRole('radio').first().check()
      await card.getByRole('button', { name: 'Check answer' }).click()
      await expect(card.getByTestId('qb-solution')).toBeVisible()
    }
    await expect(page.getByTestId('qb-video-solution').first()).toHaveAttribute('href', /^https:\/\//)
    await expect(page.getByTestId('qb-toppers-solution').first()).toBeAttached()
    const topics = page.getByRole('navigation', { name: 'Topics' })
    await topics.getByRole('link', { name: 'SQL', exact: true }).click()
    await expect(page).toHaveURL('/question-bank/practice?topic=SQL')
    await expect(topics.getByRole('link', { name: 'SQL', exact: true })).toHaveAttribute('aria-current', 'page')
    const count = await page.getByTestId('qb-question').count()
    expect(count).toBeGreaterThan(0)
    expect(count).toBeLessThan(50)
    for (const heading of await page.getByTestId('qb-question').locator('h2').allTextContents()) expect(heading).toMatch(/· SQL$/)
    await expectAccessible(page, QB_AXE)
    expect(errors).toEqual([])
  })

  test('a failed attempt and a cancelled checkout say so, and leave the student on Free', async ({ page }) => {
    await signInWithEmail(page, freshEmail('failed'))
    await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
    const checkout = page.getByRole('dialog')
    await checkout.getByRole('button', { name: 'Simulate a failed payment' }).click()
    const banner = page.getByTestId('qb-banner')
    await expect(banner).toHaveAttribute('data-kind', 'error')
    await expect(banner).toContainText('Payment failed')
    await checkout.getByRole('button', { name: 'Cancel' }).click()
    await expect(checkout).toBeHidden()
    await expect(banner).toHaveText(/Payment cancelled\. You have not been charged\./)
    await expect(banner).toHaveAttribute('data-kind', 'info')
    await expect(page.getByTestId('qb-current-plan')).toHaveText('Free')
    // The next try works.
    await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
    await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click()
    await expect(page.getByTestId('qb-current-plan')).toHaveText('Plus')
  })

  test('without JavaScript the plan buttons still answer, and no order is made', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await page.goto(`/login?${new URLSearchParams({ redirectTo: '/question-bank/subscription' })}`)
      await page.getByLabel('Or any e-mail address').fill(freshEmail('nojs'))
      await page.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(page).toHaveURL('/question-bank/subscription')
      await page.locator('[data-plan-code="QB_FREE"]').getByRole('button', { name: 'Continue with Free' }).click()
      await expect(page).toHaveURL('/question-bank/practice')
      await page.goto('/question-bank/subscription')
      await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
      await expect(page.getByTestId('qb-banner')).toHaveText(/needs JavaScript/)
      await expect(page.getByTestId('qb-current-plan')).toHaveText('Free')
    } finally {
      await context.close()
    }
  })

  test('Subscribe Now pressed while a slow phone is still hydrating opens the checkout, not "needs JavaScript"', async ({ page }) => {
    await signInWithEmail(page, freshEmail('quick'), '/')
    // A slow device (CPU 6x slower): the press lands while React is still taking over the page.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    try {
      await page.goto('/question-bank/subscription')
      await waitForHydration(page)
      const answered = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/question-bank/subscription'))
      await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
      // The server was told the page's script sent it: it answered with an order (200), not the 400
      // "needs JavaScript". The status, not the body: Chromium may drop a fetch's body before it is read.
      const answer = await answered
      expect(answer.status()).toBe(200)
      await expect(page.getByRole('dialog').getByRole('button', { name: /^Pay / })).toBeVisible({ timeout: 20_000 })
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    }
  })

  test('confetti is not drawn under reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' })
    const page = await context.newPage()
    try {
      await signInWithEmail(page, freshEmail('calm'))
      await page.locator('[data-plan-code="PLAN1"]').getByRole('button', { name: 'Subscribe Now' }).click()
      const checkout = page.getByRole('dialog')
      await checkout.getByRole('button', { name: /^Pay / }).click()
      await expect(page.getByTestId('qb-banner')).toHaveText(new RegExp(MESSAGES.QB_SUCCESS))
      await expect(page.getByTestId('qb-current-plan')).toHaveText('Plus')
      await expect(page.getByTestId('confetti')).toHaveCount(0)
    } finally {
      await context.close()
    }
  })
})
