import { expect, test } from '@playwright/test'
import { stopAll } from '../../scripts/lib/processes'
import { startSecondInstances } from '../../scripts/lib/stack'
import { openAvatarMenu } from './auth-helpers'
import { adminApi, CMS_URL, waitForHydration } from './utils'

/**
 * Two of each (docs/decisions/113-shared-state-in-postgres.md): a second site and a second CMS on
 * the same database, next to the suite's own. Cookies do not depend on the port, so one browser
 * on localhost is one visitor whom a load balancer sends to either site instance.
 * - site 1 (the suite's) talks to CMS 1, site 2 to CMS 2;
 * - CMS 1 signals only site 1 when content changes: site 2 learns of it from the content versions.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4100)
const WEB1 = process.env.E2E_WEB_URL ?? `http://localhost:${base}`
let WEB2 = ''

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const env = JSON.parse(process.env.E2E_INSTANCE_ENV ?? 'null') as NodeJS.ProcessEnv | null
  // It starts its own second instances from the suite's stack: against an outside stack it cannot run.
  if (!env) throw new Error('two-instances.spec needs the stack e2e/global-setup.ts starts (unset E2E_WEB_URL)')
  const second = await startSecondInstances({
    env,
    ports: { web: base + 5, cms: base + 6 },
    firstWebUrl: WEB1.replace('localhost', '127.0.0.1'),
    quiet: !process.env.E2E_VERBOSE,
  })
  WEB2 = second.webUrl
})

test.afterAll(async () => {
  await stopAll()
})

test('a sign-in started on site 2 completes on site 1; a sign-out on site 1 ends it on site 2 within a second', async ({
  page,
  playwright,
}) => {
  // Started on site 2 (its transaction cookie), the issuer sends the browser back to the
  // registered callback, which site 1 answers. Step by step through the browser context's cookie
  // jar: in a real browser the two ports are two origins (CSP form-action stops the redirect),
  // while behind a load balancer both instances are one origin.
  const started = await page.request.post(`${WEB2}/auth/google`, {
    form: { loginHint: `two-sites-start-${Date.now().toString(36)}@students.mentorloop.in`, redirectTo: '/paymentHistory' },
    maxRedirects: 0,
  })
  expect(started.status()).toBe(302)
  const authorized = await page.request.get(started.headers().location!, { maxRedirects: 0 })
  const callback = authorized.headers().location!
  expect(callback.startsWith(`${WEB1}/auth/google/callback?`)).toBe(true)
  const finished = await page.request.get(callback, { maxRedirects: 0 })
  expect(finished.status()).toBe(302)
  expect(finished.headers().location).toBe('/paymentHistory')

  // The session works on site 2 as well.
  await page.goto(`${WEB2}/paymentHistory`)
  await expect(page).toHaveURL(new RegExp(`^${WEB2}/paymentHistory`))
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')

  // The browser forgets its cookie on sign-out; someone who copied it keeps it.
  const copied = (await page.context().cookies()).find((c) => c.name === 'ml_session')
  expect(copied).toBeTruthy()
  const holder = await playwright.request.newContext({ extraHTTPHeaders: { cookie: `ml_session=${copied!.value}` } })
  const onSite2 = () => holder.get(`${WEB2}/paymentHistory`, { maxRedirects: 0 })
  expect((await onSite2()).status()).toBe(200) // site 2 has the user in its one-second cache now

  // Signed out on site 1 ...
  await page.goto(`${WEB1}/`)
  const menu = await openAvatarMenu(page)
  await menu.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByTestId('header-sign-in')).toBeVisible()
  const signedOutAt = Date.now()
  // ... site 2 refuses the copied session once its user cache has passed (1 s, decision 113).
  await expect(async () => {
    const res = await onSite2()
    expect(res.status()).toBe(302)
    expect(res.headers().location).toMatch(/^\/login\?redirectTo=/)
  }).toPass({ timeout: 5_000, intervals: [200] })
  expect(Date.now() - signedOutAt).toBeLessThan(3_000)
  await holder.dispose()
})

test('a replayed sign-in callback, cookie and all, is refused on the other site instance', async ({ page, playwright }) => {
  await page.goto(`${WEB1}/login`)
  await waitForHydration(page)
  let callback: { url: string; cookie: string } | null = null
  page.on('request', async (req) => {
    if (req.url().includes('/auth/google/callback')) callback = { url: req.url(), cookie: (await req.allHeaders()).cookie ?? '' }
  })
  // A fresh account: the limits per account count every instance's sign-ins together now, and the
  // suite's personas sign in many times in ten minutes.
  await page.getByLabel('Or any e-mail address').fill(`replay-${Date.now().toString(36)}@students.mentorloop.in`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
  await expect.poll(() => callback?.cookie ?? '').toContain('ml_oidc=')
  // The same callback (same code, same state, same transaction cookie), sent to site 2: the
  // transaction was used up in PostgreSQL, so it is refused before the code is even tried.
  const replay = new URL(callback!.url)
  const attacker = await playwright.request.newContext()
  const res = await attacker.get(`${WEB2}${replay.pathname}${replay.search}`, { headers: { cookie: callback!.cookie }, maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers().location).toMatch(/^\/login\?error=state_mismatch/)
  await attacker.dispose()
})

test('the sign-in limit per account counts starts on both site instances together', async ({ request }) => {
  const hint = `two-sites-${Date.now()}@students.mentorloop.in`
  const start = (site: string) => request.post(`${site}/auth/google`, { form: { loginHint: hint, redirectTo: '/' }, maxRedirects: 0 })
  for (let i = 0; i < 10; i++) {
    const res = await start(i % 2 ? WEB2 : WEB1)
    expect(res.status()).toBe(302)
    expect(res.headers().location).toMatch(/\/authorize\?/)
  }
  for (const site of [WEB1, WEB2]) {
    const res = await start(site)
    expect(res.headers().location).toBe('/login?error=rate_limited&redirectTo=%2F')
  }
})

test('a FAQ changed through CMS 1 shows on both site instances within 10 s', async ({ browser }) => {
  const api = await adminApi()
  const { docs } = await api.get('/faqs?sort=order&limit=1&depth=0')
  const faq = docs[0] as { id: number; question: string }
  const changed = `${faq.question} (two sites ${Date.now()})`
  const context = await browser.newContext()
  const page = await context.newPage()
  // Both sites have the old text cached.
  for (const site of [WEB1, WEB2]) {
    await page.goto(`${site}/`)
    await expect(page.locator('#faq').getByTestId('faq-question').first()).toHaveText(faq.question)
  }
  try {
    expect(CMS_URL()).not.toContain(String(base + 6))
    await api.patch(`/faqs/${faq.id}`, { question: changed, _status: 'published' })
    const changedAt = Date.now()
    for (const site of [WEB1, WEB2]) {
      await expect(async () => {
        await page.goto(`${site}/`)
        await expect(page.locator('#faq').getByTestId('faq-question').first()).toHaveText(changed, { timeout: 500 })
      }).toPass({ timeout: 10_000 })
    }
    expect(Date.now() - changedAt).toBeLessThan(10_000)
  } finally {
    await api.patch(`/faqs/${faq.id}`, { question: faq.question, _status: 'published' })
    await context.close()
  }
})
