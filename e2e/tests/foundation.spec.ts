import { expect, test } from '@playwright/test'
import { ADMIN, adminApi, CMS_URL, expectAccessible, waitForHydration } from './utils'

test.describe('foundation', () => {
  test('the landing page shows the seeded plans and FAQ, hydrates, and has no console errors', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/')
    await waitForHydration(page)
    const plans = page.locator('#premium-plans')
    await expect(plans.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible()
    await expect(plans.getByTestId('early-bird-banner')).toHaveText('Early bird prices')
    const beginner = plans.locator('[data-plan-code="BEGINNER_TECHY"]')
    await expect(beginner.getByRole('heading', { name: 'Beginner Techy Plan' })).toBeVisible()
    await expect(beginner.getByTestId('plan-price')).toHaveText('₹599')
    await expect(beginner.getByText('₹1,100')).toBeVisible()
    const placement = plans.locator('[data-plan-code="PLACEMENT_FOCUSED"]')
    await expect(placement.getByTestId('plan-price')).toHaveText('₹799')
    await expect(placement.getByText('Most Popular')).toBeVisible()
    const faq = page.locator('#faq')
    await expect(faq.locator('details')).toHaveCount(7)
    await faq.locator('summary').first().click()
    await expect(faq.locator('details').first()).toHaveAttribute('open', '')
    expect(errors).toEqual([])
  })

  test('an admin changes a plan price in /admin and the site shows it', async ({ page }) => {
    const api = await adminApi()
    const { docs } = await api.get('/plans?where[code][equals]=BEGINNER_TECHY&depth=0')
    const plan = docs[0] as { id: number; price: number }
    try {
      await page.goto(`${CMS_URL()}/admin/login`)
      await page.getByLabel('Email').fill(ADMIN.email)
      await page.getByLabel('Password').fill(ADMIN.password)
      await page.getByRole('button', { name: 'Sign in', exact: true }).click()
      await page.waitForURL(`${CMS_URL()}/admin`)
      await page.goto(`${CMS_URL()}/admin/collections/plans/${plan.id}`)
      const price = page.locator('input[name="price"]')
      await expect(price).toHaveValue('599')
      await price.fill('649')
      await page.getByRole('button', { name: 'Publish changes' }).click()
      await expect(
        page
          .getByText('Updated successfully')
          .or(page.getByText(/published successfully/i))
          .first(),
      ).toBeVisible()

      await expect(async () => {
        await page.goto('/')
        await expect(page.locator('[data-plan-code="BEGINNER_TECHY"]').getByTestId('plan-price')).toHaveText('₹649', { timeout: 1000 })
      }).toPass({ timeout: 20_000 })
    } finally {
      await api.patch(`/plans/${plan.id}`, { price: plan.price, _status: 'published' })
    }
  })

  test('the landing page passes axe (no serious or critical violation)', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    await expectAccessible(page)
  })
})

test('pages carry security headers and a nonce-based CSP', async ({ request }) => {
  const res = await request.get('/')
  const h = res.headers()
  expect(h['x-content-type-options']).toBe('nosniff')
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(h['x-request-id']).toMatch(/[\w-]{8,}/)
  const csp = h['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp).toContain("object-src 'none'")
  expect(csp).toMatch(/frame-ancestors 'self' http:\/\/localhost:\d+/)
  const nonce = /'nonce-([^']+)'/.exec(csp)![1]
  const html = await res.text()
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  expect(scripts.length).toBeGreaterThan(0)
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
})

test('the running CMS (/admin, REST, health) forbids framing and sniffing; HSTS only on HTTPS; health says up/down and which check', async ({
  request,
}) => {
  for (const path of ['/admin', '/api/plans', '/api/users/me', '/readyz']) {
    const res = await request.get(`${CMS_URL()}${path}`, { maxRedirects: 0 })
    const h = res.headers()
    expect(h['x-frame-options'], path).toBe('SAMEORIGIN')
    expect(h['content-security-policy'], path).toContain("frame-ancestors 'self'")
    expect(h['x-content-type-options'], path).toBe('nosniff')
    expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin')
    // Plain HTTP here: no HSTS (a browser would pin it to localhost).
    expect(h['strict-transport-security'], path).toBeUndefined()
  }
  // Behind the TLS-terminating proxy (it says so in X-Forwarded-Proto): HSTS from this production build.
  const tls = await request.get(`${CMS_URL()}/api/plans`, { headers: { 'X-Forwarded-Proto': 'https' } })
  expect(tls.headers()['strict-transport-security']).toMatch(/max-age=\d{7,}/)
  // Readiness names its checks (configuration, database, migrations), never an error's text.
  const ready = await request.get(`${CMS_URL()}/readyz`)
  expect(await ready.json()).toEqual({ status: 'up', checks: { config: true, database: true, migrations: true } })
  // The detail is for the service key only.
  expect((await request.get(`${CMS_URL()}/readyz?detail`)).status()).toBe(401)
})
