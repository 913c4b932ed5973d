import { formatRupees, MESSAGES } from '@mentorloop/shared'
import { expect, type Page, test } from '@playwright/test'
import { signInWithEmail } from './auth-helpers'
import { adminApi, expectAccessible, screenshotsAt375And1280, waitForHydration } from './utils'

/**
 * Discount codes at checkout (issue 35, Offers; decision 195): a student applies a code on the
 * plans page (a Remix form action, so it works without JavaScript too), sees the CMS's new price
 * before paying, pays it through the sandbox checkout, and finds the code and discount on the
 * payments page. A code made by staff in the CMS; fresh students, so the seeded ones stay as they are.
 */
test.describe.configure({ mode: 'serial' })

const run = Date.now().toString(36).toUpperCase()
const CODE = `E2E${run}`
const PLAN = 'Beginner Techy Plan'
let price = 0

test.beforeAll(async () => {
  const api = await adminApi()
  const plans = (await api.get('/plans?where[code][equals]=BEGINNER_TECHY&depth=0')) as { docs: { price: number }[] }
  price = plans.docs[0]!.price
  await api.post('/discount-codes', {
    code: CODE,
    kind: 'flat',
    amountOff: 100,
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    maxUses: 50,
    maxUsesPerStudent: 1,
  })
})

const form = (page: Page) => page.getByTestId('discount-code')
const card = (page: Page) => page.locator('[data-plan-code="BEGINNER_TECHY"]')

test('with JavaScript: the code shows the new price on the plan and its button', async ({ page }) => {
  await signInWithEmail(page, `discount-${run.toLowerCase()}@students.mentorloop.in`)
  await page.goto('/subscriptions')
  await waitForHydration(page)

  await form(page).getByLabel('Discount code').fill(CODE.toLowerCase())
  await form(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('discount-code-applied')).toContainText(`Code ${CODE} applied`)
  const newPrice = formatRupees(price - 100)
  await expect(page.getByTestId('discounted-BEGINNER_TECHY')).toContainText(`With code ${CODE}: ${newPrice}`)
  await expect(page.getByTestId('discounted-BEGINNER_TECHY')).toContainText(`${formatRupees(100)} off`)
  await expectAccessible(page)
  await screenshotsAt375And1280(page, 'discount-applied-js')
  // The buy button carries the code and says the new price.
  await expect(card(page).getByRole('button', { name: `Choose ${PLAN} for ${newPrice}` })).toBeVisible()
})

test('with JavaScript: pays the new price through the sandbox checkout; the payments page and the code’s uses show it', async ({
  page,
}) => {
  await signInWithEmail(page, `discount-pay-${run.toLowerCase()}@students.mentorloop.in`)
  await page.goto('/subscriptions')
  await waitForHydration(page)
  await form(page).getByLabel('Discount code').fill(CODE)
  await form(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('discount-code-applied')).toContainText(`Code ${CODE} applied`)
  const newPrice = formatRupees(price - 100)
  await card(page)
    .getByRole('button', { name: `Choose ${PLAN} for ${newPrice}` })
    .click()
  const checkout = page.getByRole('dialog', { name: /Sandbox payment/ })
  await expect(checkout).toContainText(newPrice)
  await checkout.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByTestId('payment-notice')).toContainText(MESSAGES.PAYMENT_SUCCESSFUL_TITLE)

  await page.goto('/paymentHistory')
  const paid = page.locator('[data-testid="payment-card"][data-status="completed"]')
  await expect(paid.getByTestId('payment-amount')).toHaveText(newPrice)
  await expect(paid.getByTestId('payment-discount')).toHaveText(
    `Discount code ${CODE}: −${formatRupees(100)} (price ${formatRupees(price)})`,
  )
  await expectAccessible(page)
  // Counted once, at the verification (the earlier tests applied it without paying).
  const api = await adminApi()
  const { docs } = await api.get(`/discount-codes?where[code][equals]=${CODE}&depth=0`)
  expect(docs[0].uses).toBe(1)
})

test('without JavaScript: a code that is malformed or unknown is refused beside the field', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signInWithEmail(page, `discount-nojs1-${run.toLowerCase()}@students.mentorloop.in`)
  await page.goto('/subscriptions')
  await form(page).getByLabel('Discount code').fill('x')
  await form(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('discount-code-error')).toContainText('3 to 32 letters')
  await form(page).getByLabel('Discount code').fill('NOSUCHCODE')
  await form(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('discount-code-error')).toHaveText('There is no discount code “NOSUCHCODE”.')
  await expect(form(page).getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true')
  await context.close()
})

test('without JavaScript: the same form applies the code and the plans show the new price', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signInWithEmail(page, `discount-nojs-${run.toLowerCase()}@students.mentorloop.in`)
  await page.goto('/subscriptions')
  await form(page).getByLabel('Discount code').fill(` ${CODE.toLowerCase()} `)
  await form(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByTestId('discount-code-applied')).toContainText(`Code ${CODE} applied`)
  await expect(page.getByTestId('discounted-BEGINNER_TECHY')).toContainText(`With code ${CODE}: ${formatRupees(price - 100)}`)
  // axe runs in the page's JavaScript: the same markup is checked by the test above.
  await screenshotsAt375And1280(page, 'discount-applied-nojs')

  await form(page).getByRole('button', { name: 'Remove code' }).click()
  await expect(page.getByTestId('discount-code-applied')).toHaveCount(0)
  await expect(page.getByTestId('discounted-BEGINNER_TECHY')).toHaveCount(0)
  await context.close()
})
