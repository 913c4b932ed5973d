import AxeBuilder from '@axe-core/playwright'
import { SERVICE_KEY_HEADER } from '@mentorloop/shared'
import { expect, type Locator, type Page, test } from '@playwright/test'

export const CMS_URL = () => process.env.E2E_CMS_URL ?? 'http://localhost:4101'
export const ADMIN = { email: 'admin@mentorloop.in', password: process.env.SEED_PASSWORD ?? 'mentorloop-dev-password' }

/** Remix hydrates after the HTML arrives; click only once React owns the page. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true,
  )
}

/**
 * /admin's bundle hydrates after its HTML arrives, and a click before React has taken an element
 * over is lost. Waits until React owns `target` (it attaches its props to the element as it hydrates
 * it; a click from then on reaches the handler), then clicks once. Retrying the click instead could,
 * on a loaded machine, press a trigger that its own dialog already covered and wait there until the
 * test's time ran out (issue 36; docs/decisions/211).
 */
export async function clickWhenHydrated(target: Locator, timeout = 30_000) {
  await expect
    .poll(() => target.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$'))), {
      timeout,
      message: 'React has taken the element over',
    })
    .toBe(true)
  await target.click()
}

/** axe: no serious or critical violation. */
export async function expectAccessible(page: Page, opts: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
  for (const selector of opts.exclude ?? []) builder = builder.exclude(selector)
  const results = await builder.analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([])
}

/**
 * Waits until the site serves `text` at `path`: content changed through the CMS API reaches the
 * site's content cache by a revalidation call sent just after the commit (cms/lib/revalidateSite.ts),
 * so a page opened at once may still show the old content.
 */
export async function waitUntilSiteShows(path: string, text: string, timeout = 15_000) {
  const url = new URL(path, process.env.E2E_WEB_URL ?? `http://localhost:${process.env.E2E_PORT_BASE ?? 4100}`)
  await expect
    .poll(
      async () =>
        (
          await fetch(url).then(
            (r) => r.text(),
            () => '',
          )
        ).includes(text),
      { timeout, message: `${path} shows ${text}` },
    )
    .toBe(true)
}

/** Sets the CMS's clock `offsetMs` ahead of real time through its test clock (0 puts it back; docs/decisions/043). */
export async function moveCmsClock(offsetMs: number) {
  const res = await fetch(`${CMS_URL()}/api/test-clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SERVICE_KEY_HEADER]: process.env.E2E_SERVICE_KEY ?? '' },
    body: JSON.stringify({ offsetMs: Math.max(0, Math.round(offsetMs)) }),
  })
  expect(res.status).toBe(200)
}

/** Signs in to /admin with the login form (the admin unless told otherwise). */
export async function signInToAdmin(page: Page, who: { email: string; password: string } = ADMIN) {
  await page.goto(`${CMS_URL()}/admin/login`)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(`${CMS_URL()}/admin`)
}

/** axe on our own part of the admin panel only: Payload's chrome is not ours to fix here. */
export async function expectPanelAccessible(page: Page, selector: string) {
  const axe = await new AxeBuilder({ page }).include(selector).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`).join('; ')}`)).toEqual([])
}

/**
 * A published mentor profile made through the admin API (test set-up): `name` as given, an e-mail
 * of its own, and the few fields a profile needs; `extra` sets or overrides any (capacity,
 * autoOpenNextBatch, user, …).
 */
export async function publishedMentor(name: string, extra: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const api = await adminApi()
  const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const { doc } = await api.post('/mentors', {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '-')}-${unique}@mentors.mentorloop.in`,
    profession: 'SDE III',
    company: 'Atlassian',
    skills: 'Systems, Interviews',
    capacity: 1,
    _status: 'published',
    ...extra,
  })
  return doc as { id: number; name: string }
}

/** Talks to the CMS REST API as the seeded admin (test set-up and clean-up only). */
export async function adminApi() {
  const login = await fetch(`${CMS_URL()}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await login.json()) as { token: string }
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${CMS_URL()}/api${path}`, {
      method,
      headers: { Authorization: `JWT ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const json = await res.json().catch(() => null)
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`)
    return json
  }
  return {
    token,
    get: (p: string) => call('GET', p),
    patch: (p: string, b: unknown) => call('PATCH', p, b),
    post: (p: string, b: unknown) => call('POST', p, b),
  }
}

/**
 * Lets React render what timers run by `page.clock` just changed, before a check that nothing
 * changed: React schedules its renders through a MessageChannel, which the clock leaves alone, so
 * a message posted after them arrives once they are done.
 */
export async function settleRenders(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        channel.port2.postMessage(null)
      }),
  )
}

/** Whether the layout checks below also keep their screenshots (E2E_SCREENSHOTS=1). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1'

/**
 * The current URL at a phone (375 px) and a laptop (1280 px) width: fails when the page scrolls
 * sideways at either width. With E2E_SCREENSHOTS=1 it keeps a full-page screenshot of each as a
 * test artifact (test-results/e2e/<test>/<name>-<width>.png and the HTML report), to look at a
 * change by eye; `npm test` leaves them out (encoding them costs a loaded CI machine minutes, and
 * nobody can open them there).
 */
export async function screenshotsAt375And1280(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const info = test.info()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.emulateMedia({ reducedMotion: 'reduce' })
    if (SCREENSHOTS) {
      const file = info.outputPath(`${name}-${width}.png`)
      // A dialog is fixed to the viewport: `fullPage: false` shows it where the person sees it.
      await page.screenshot({ path: file, fullPage: opts.fullPage ?? true })
      await info.attach(`${name}-${width}.png`, { path: file, contentType: 'image/png' })
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${name}: horizontal overflow at ${width}px`).toBeLessThanOrEqual(0)
  }
}
