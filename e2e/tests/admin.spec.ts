import { readFileSync } from 'node:fs'
import { PERSONAS } from '@mentorloop/shared/personas'
import { expect, type Page, test } from '@playwright/test'
import { ADMIN, adminApi, CMS_URL, screenshotsAt375And1280 } from './utils'

/**
 * /admin as an admin lives with it (issue 12): MentorLoop's branding with nothing loaded from the
 * network and no broken image, the student's name in the lists that hold a student, search by that
 * name, and amounts in rupees.
 */
/** The site's navy (web/app/tailwind.css, `--color-brand-700`) as the browser reports a colour. */
function siteNavy(): string {
  const css = readFileSync(new URL('../../web/app/tailwind.css', import.meta.url), 'utf8')
  const hex = css.match(/--color-brand-700:\s*#([0-9a-f]{6})/i)?.[1]
  if (!hex) throw new Error('web/app/tailwind.css has no --color-brand-700')
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16))
  return `rgb(${r}, ${g}, ${b})`
}

async function signInToAdmin(page: Page) {
  await page.goto(`${CMS_URL()}/admin/login`)
  await expect(page.getByRole('img', { name: 'MentorLoop' }).first()).toBeVisible()
  // The admin's primary buttons wear the site's navy, not Payload's default.
  await page.emulateMedia({ colorScheme: 'light' })
  const login = page.getByRole('button', { name: 'Sign in', exact: true })
  await expect(login).toHaveCSS('background-color', siteNavy())
  await expect(login).toHaveCSS('color', 'rgb(255, 255, 255)')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(`${CMS_URL()}/admin`)
}

async function expectNoBrokenImages(page: Page) {
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
  )
  expect(broken).toEqual([])
}

test('the admin is MentorLoop-branded, names and finds students, and shows money in rupees', async ({ page }) => {
  const outside: string[] = []
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname
    if (host !== 'localhost' && host !== '127.0.0.1') outside.push(r.url())
  })
  await signInToAdmin(page)
  await expect(page).toHaveTitle(/MentorLoop/)
  await expectNoBrokenImages(page)
  await screenshotsAt375And1280(page, 'admin-home')

  // Payments: the student's name first, the amount in rupees (never paise), search by name.
  await page.setViewportSize({ width: 1280, height: 900 })
  const priya = PERSONAS.studentWithPlan.name
  await page.goto(`${CMS_URL()}/admin/collections/payments?search=${encodeURIComponent(priya.split(' ')[0].toLowerCase())}`)
  const rows = page.locator('table tbody tr')
  await expect(rows.first()).toContainText(priya)
  const texts = await rows.allInnerTexts()
  for (const text of texts) expect(text).toContain(priya)
  expect(texts.join(' ')).toMatch(/₹/)
  expect(texts.join(' ')).not.toMatch(/\b\d{5,}\b/)
  await expect(page.getByText(/never paid for \(the student closed the checkout, or an hour passed\) are hidden here/)).toBeVisible()
  await expectNoBrokenImages(page)
  await screenshotsAt375And1280(page, 'admin-payments')

  expect(outside, 'no request leaves the machine (avatar, fonts, logos)').toEqual([])
})

test('staff see the copy placeholders in the editor: the FAQ keeps {holdHours}, and the help lists what each becomes', async ({ page }) => {
  const api = await adminApi()
  const { docs } = await api.get(`/faqs?where[answer][contains]=${encodeURIComponent('{holdHours}')}&limit=1&depth=0`)
  await signInToAdmin(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${CMS_URL()}/admin/collections/faqs/${docs[0].id}`)
  await expect(page.getByText(/write a placeholder and the site \(and the live preview\) fills it in/)).toBeVisible()
  await expect(page.getByText(/\{holdHours\}: the hours an opened seat is held for a waiting student/)).toBeVisible()
  // The answer itself holds the placeholder, not the figure the site shows.
  await expect(page.locator('#field-answer')).toHaveValue(/we hold it for you for \{holdHours\} hours/)
  await screenshotsAt375And1280(page, 'admin-faq-placeholders')
})
