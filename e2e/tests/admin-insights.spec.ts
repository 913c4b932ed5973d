import { PERSONAS } from '@mentorloop/shared/personas'
import { expect, type Page, test } from '@playwright/test'
import { ADMIN, CMS_URL, expectPanelAccessible, screenshotsAt375And1280, signInToAdmin } from './utils'

/**
 * Insights in /admin (issue 35; docs/decisions/198, 199): an admin opens it from the navigation,
 * sees every view with its chart and table, filters by mentor and months (a plain GET form), and
 * downloads a CSV; staff see the marketing views and no money, and their CSV of revenue is refused.
 * axe on the page; screenshots of the page and of each chart at 375 and 1280 px.
 */
const ALL = [
  'Revenue by month',
  'Refunds by reason',
  'Seats filled per batch',
  'Waitlist',
  'Renewals',
  'Ratings over time',
  'New students and first purchases',
]
const MARKETING = ALL.slice(2)
const VIEWS = ['revenue', 'refunds', 'seats', 'waitlist', 'renewals', 'ratings', 'students']

async function openInsights(page: Page) {
  // The navigation holds the link (the panel's menu is closed at this width: the address opens it).
  await expect(page.locator('#nav-insights')).toHaveAttribute('href', '/admin/insights')
  await page.goto(`${CMS_URL()}/admin/insights`)
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible()
}

/** Each view's section at both widths, once its chart has drawn (Recharts measures its box in the browser). */
async function chartShots(page: Page, views: string[]) {
  const info = test.info()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    for (const view of views) {
      const section = page.getByTestId(`insight-${view}`)
      await expect(section.locator('.recharts-surface').first()).toBeVisible()
      const file = info.outputPath(`insights-${view}-${width}.png`)
      await section.screenshot({ path: file })
      await info.attach(`insights-${view}-${width}.png`, { path: file, contentType: 'image/png' })
    }
  }
}

test('an admin sees every view with a chart and its table, filters them, and downloads a CSV', async ({ page }) => {
  await signInToAdmin(page, ADMIN)
  await openInsights(page)
  for (const title of ALL) {
    const section = page.getByRole('region', { name: title, exact: true })
    await expect(section).toBeVisible()
    await expect(section.getByRole('table')).toBeVisible()
    await expect(section.getByRole('link', { name: `Download CSV of ${title.toLowerCase()}` })).toBeVisible()
  }
  // Money in rupees; the months of the range are India-time month names.
  const revenue = page.getByTestId('insight-revenue')
  await expect(revenue.getByRole('table')).toContainText('₹')
  await expect(revenue.locator('tbody tr')).toHaveCount(6)

  await expectPanelAccessible(page, '.ml-insights')
  await screenshotsAt375And1280(page, 'admin-insights')
  await chartShots(page, VIEWS)

  // The CSV of a view, with the page's session, as the link downloads it.
  const href = await page.getByRole('link', { name: 'Download CSV of revenue by month' }).getAttribute('href')
  const csv = await page.request.get(`${CMS_URL()}${href}`, { headers: { 'sec-fetch-site': 'same-origin' } })
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect((await csv.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Month,Payments,Paid,Refunds,Refunded,Net')

  // Filters: one mentor, three months. The form is a GET: the choice is in the address.
  await page.setViewportSize({ width: 1280, height: 900 })
  const mentor = page.locator('#ml-insights-mentor')
  const firstMentor = (await mentor.locator('option').nth(1).textContent())!.trim()
  await mentor.selectOption({ label: firstMentor })
  const last = await page.locator('#ml-insights-to').inputValue()
  const [y, m] = last.split('-').map(Number)
  const first = m! > 2 ? `${y}-${String(m! - 2).padStart(2, '0')}` : `${y! - 1}-${String(m! + 10).padStart(2, '0')}`
  await page.locator('#ml-insights-from').fill(first)
  await page.getByRole('button', { name: 'Show' }).click()
  await page.waitForURL(/\/admin\/insights\?/)
  const url = new URL(page.url())
  expect(url.searchParams.get('from')).toBe(first)
  expect(url.searchParams.get('mentor')).toMatch(/^\d+$/)
  await expect(page.getByText(`, ${firstMentor}.`)).toBeVisible()
  await expect(page.getByTestId('insight-revenue').locator('tbody tr')).toHaveCount(3)
  // The students view is not narrowed by a mentor, and says so.
  await expect(page.getByTestId('insight-students')).toContainText('The mentor filter does not apply here.')
  await expectPanelAccessible(page, '.ml-insights')

  // Months the wrong way round: the reason, and the default range instead.
  await page.goto(`${CMS_URL()}/admin/insights?from=${last}&to=${first}`)
  await expect(page.locator('.ml-insights__error')).toContainText('The first month must not be after the last month.')
})

test('the filters work without JavaScript', async ({ browser }) => {
  const signedIn = await browser.newContext()
  const page = await signedIn.newPage()
  await signInToAdmin(page, ADMIN)
  const state = await signedIn.storageState()
  await signedIn.close()

  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: state })
  try {
    const plain = await noJs.newPage()
    await plain.goto(`${CMS_URL()}/admin/insights`)
    await expect(plain.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible()
    await plain.locator('#ml-insights-plan').selectOption('PLACEMENT_FOCUSED')
    await plain.getByRole('button', { name: 'Show' }).click()
    await plain.waitForURL(/plan=PLACEMENT_FOCUSED/)
    await expect(plain.getByText(', plan PLACEMENT_FOCUSED.')).toBeVisible()
    // The tables are there without the charts' script.
    await expect(plain.getByTestId('insight-revenue').getByRole('table')).toBeVisible()
  } finally {
    await noJs.close()
  }
})

test('staff see the marketing views and no money; their CSV of revenue is refused', async ({ page }) => {
  await signInToAdmin(page, { email: PERSONAS.staff.email, password: ADMIN.password })
  await openInsights(page)
  for (const title of MARKETING) await expect(page.getByRole('region', { name: title, exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Revenue by month' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Refunds by reason' })).toHaveCount(0)
  await expect(page.locator('.ml-insights')).not.toContainText('₹')

  await expectPanelAccessible(page, '.ml-insights')
  await screenshotsAt375And1280(page, 'staff-insights')

  const headers = { 'sec-fetch-site': 'same-origin' }
  expect((await page.request.get(`${CMS_URL()}/api/insights/revenue.csv`, { headers })).status()).toBe(403)
  expect((await page.request.get(`${CMS_URL()}/api/insights/refunds.csv`, { headers })).status()).toBe(403)
  expect((await page.request.get(`${CMS_URL()}/api/insights/seats.csv`, { headers })).status()).toBe(200)
})

test('a chart not yet redrawn for a narrower window is clipped; the page never scrolls sideways', async ({ page }) => {
  // Recharts redraws a chart when its ResizeObserver reports the new box: a frame after the window
  // narrows, or many frames on a loaded machine. Holding those reports back stands in for that moment.
  await page.addInitScript(() => {
    const Native = window.ResizeObserver
    const held = window as unknown as { __holdResizes?: boolean }
    window.ResizeObserver = class extends Native {
      constructor(callback: ResizeObserverCallback) {
        super((entries, observer) => {
          if (!held.__holdResizes) callback(entries, observer)
        })
      }
    }
  })
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInToAdmin(page, ADMIN)
  await openInsights(page)
  const surface = page.getByTestId('insight-revenue').locator('.recharts-wrapper > svg.recharts-surface')
  await expect(surface).toBeVisible()
  const widthOf = (e: Element) => e.getBoundingClientRect().width
  const drawnAt = await surface.evaluate(widthOf)
  expect(drawnAt).toBeGreaterThan(375)

  await page.evaluate(() => {
    ;(window as unknown as { __holdResizes?: boolean }).__holdResizes = true
  })
  await page.setViewportSize({ width: 375, height: 900 })
  // The chart is still drawn at the wide window's width …
  expect(await surface.evaluate(widthOf)).toBe(drawnAt)
  // … and is clipped inside its box: the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
})
