import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type APIRequestContext, type APIResponse, expect, request as playwrightRequest, test } from '@playwright/test'
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import { siteBuildOptions } from '../../web/build-options'
import { PERSONAS, signInAs } from './auth-helpers'

/**
 * The site's shared guards on the production build (issue 37; docs/decisions/170, 172):
 * - who may keep a copy: every route, signed in and signed out, pages and their `.data`, resource
 *   routes and redirects. Signed in, every answer is `private, no-store`; every answer varies by
 *   Cookie; a signed-in student's e-mail is never in an answer a shared cache may keep;
 * - every action refuses a request from another site with 403 and the site's error page.
 * The routes come from the site's own route files, so a new route is walked (or the test says
 * which sample address it lacks).
 */
const WEB_APP = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/app')
const routes = Object.values(flatRoutes(WEB_APP, siteBuildOptions({}).ignoredRouteFiles)) as { id: string; file: string }[]

const STUDENT = PERSONAS.studentWithPlan

/** One address (or more) for each route; `{mentor}` is a published mentor's slug. */
const SAMPLES: Record<string, string[]> = {
  'routes/_index': ['/', '/_root.data', '/_index.data'],
  'routes/$slug': ['/privacy', '/terms', '/privacy.data'],
  'routes/api.calendar.$file': ['/api/calendar/not-a-token.ics'],
  'routes/api.revalidate': ['/api/revalidate'],
  'routes/auth.google': ['/auth/google'],
  'routes/auth.google_.callback': ['/auth/google/callback?code=x&state=y'],
  'routes/become-a-mentor': ['/become-a-mentor', '/become-a-mentor.data'],
  'routes/become-a-mentor_.status': [`/become-a-mentor/status?application=1&key=${'x'.repeat(32)}`, '/become-a-mentor/status.data'],
  'routes/book': ['/book', '/book.data'],
  'routes/find-mentors': ['/find-mentors', '/find-mentors.data', '/find-mentors?page=2'],
  'routes/healthz': ['/healthz'],
  'routes/login': ['/login'],
  'routes/logout': ['/logout'],
  'routes/mentor-home': ['/mentor-home'],
  'routes/mentor-home_.sessions.$id': ['/mentor-home/sessions/1'],
  'routes/mentor.$slug': ['/mentor/{mentor}', '/mentor/{mentor}.data'],
  'routes/mentors.$id': ['/mentors/1'],
  'routes/mentors._index': ['/mentors'],
  'routes/myDashboard': ['/myDashboard', '/myDashboard.data', '/mydashboard'],
  'routes/myDashboard_.calendar[.]ics': ['/myDashboard/calendar.ics'],
  'routes/newsletter': ['/newsletter'],
  'routes/paymentHistory': ['/paymentHistory', '/paymentHistory.data'],
  'routes/paymentHistory_.$id.receipt': ['/paymentHistory/1/receipt'],
  'routes/question-bank.practice': ['/question-bank/practice'],
  'routes/question-bank.subscription': ['/question-bank/subscription'],
  'routes/readyz': ['/readyz'],
  'routes/resources.checkout[.]js': ['/resources/checkout.js'],
  'routes/resources.payments': ['/resources/payments'],
  'routes/resources.sandbox-checkout': ['/resources/sandbox-checkout'],
  'routes/robots[.]txt': ['/robots.txt'],
  'routes/sitemap[.]xml': ['/sitemap.xml'],
  'routes/subscriptions': ['/subscriptions'],
}

const source = (r: { file: string }) => readFileSync(path.join(WEB_APP, r.file), 'utf8')
const actionRoutes = routes
  .filter((r) => /export (async function|const) action\b/.test(source(r)))
  // A route with a page answers with the site's page; a resource route (no page) with the message alone.
  .map((r) => ({ ...r, page: /export default\b/.test(source(r)) }))

test('every route has a sample address', () => {
  expect(routes.map((r) => r.id).filter((id) => !SAMPLES[id])).toEqual([])
  expect(actionRoutes.length).toBeGreaterThanOrEqual(10)
})

async function mentorSlug(site: APIRequestContext): Promise<string> {
  const sitemap = await (await site.get('/sitemap.xml')).text()
  const slug = /\/mentor\/([^<\s/]+)<\/loc>/.exec(sitemap)?.[1]
  expect(slug, 'a published mentor in the sitemap').toBeTruthy()
  return slug!
}

const get = (site: APIRequestContext, url: string) => site.get(url, { maxRedirects: 0, failOnStatusCode: false, timeout: 30_000 })

test('who may keep a copy: every route signed in and signed out', async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const anonymous = await playwrightRequest.newContext({ baseURL })
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, 'studentWithPlan')
  const signedIn = context.request
  const slug = await mentorSlug(anonymous)
  const urls = Object.values(SAMPLES)
    .flat()
    .map((u) => u.replace('{mentor}', slug))

  const problems: string[] = []
  const check = async (who: 'signed in' | 'signed out', url: string, res: APIResponse) => {
    const cacheControl = res.headers()['cache-control'] ?? ''
    const vary = res.headers().vary ?? ''
    const body = await res.text().catch(() => '')
    const what = `${who} GET ${url} -> ${res.status()} [Cache-Control: ${cacheControl}] [Vary: ${vary}]`
    if (who === 'signed in' && cacheControl !== 'private, no-store') problems.push(`${what}: not private, no-store`)
    if (!/\bcookie\b/i.test(vary)) problems.push(`${what}: no Vary: Cookie`)
    // Nothing with the student's e-mail in it may be kept by a shared cache.
    if (body.includes(STUDENT.email) && !/private|no-store/.test(cacheControl)) problems.push(`${what}: the e-mail, publicly cacheable`)
    if (/\bpublic\b|s-maxage/.test(cacheControl) && body.includes(STUDENT.email)) problems.push(`${what}: the e-mail in a public answer`)
  }
  let sawEmail = 0
  for (const url of urls) {
    const mine = await get(signedIn, url)
    if ((await mine.text().catch(() => '')).includes(STUDENT.email)) sawEmail++
    await check('signed in', url, mine)
    await check('signed out', url, await get(anonymous, url))
  }
  expect(problems).toEqual([])
  // The walk did reach pages that carry the student's e-mail (the root loader puts it in every page).
  expect(sawEmail).toBeGreaterThan(5)
  // Signed out, the public pages stay cacheable by shared caches (the directory, a mentor's page).
  const directory = await get(anonymous, '/find-mentors')
  expect(directory.headers()['cache-control']).toMatch(/public/)
  expect(directory.headers().vary).toMatch(/Cookie/)
  await anonymous.dispose()
  await context.close()
})

test('every action refuses a request from another site with 403 and the site’s page', async ({ browser, baseURL }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await signInAs(page, 'studentWithPlan')
  const site = context.request
  const host = new URL(baseURL!).hostname
  const foreign: Record<string, string>[] = [
    { Origin: 'https://evil.example' },
    // A sibling subdomain: SameSite=Lax cookies do not stop it.
    { Origin: `http://evil.${host}`, 'Sec-Fetch-Site': 'same-site' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { Referer: 'https://evil.example/form' },
  ]
  const failures: string[] = []
  for (const route of actionRoutes) {
    const url = SAMPLES[route.id]![0]!
    for (const headers of foreign) {
      const res = await site.post(url, {
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
        data: 'intent=cancel&bookingId=1&redirectTo=/',
        maxRedirects: 0,
        failOnStatusCode: false,
      })
      const body = await res.text()
      const what = `POST ${url} ${JSON.stringify(headers)} -> ${res.status()}`
      if (res.status() !== 403) failures.push(what)
      else if (!body.includes('sent from another website')) failures.push(`${what}: not our message`)
      // A page's action answers with the site's page (its header and error section), not bare text.
      else if (route.page && !/<html[\s\S]*Not allowed/.test(body)) failures.push(`${what}: not the site's error page`)
    }
  }
  expect(failures).toEqual([])
  // Still signed in: none of those forms did anything (sign-out among them).
  await page.goto('/myDashboard')
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')

  // A form from the site itself, as a browser without JavaScript (or an old one) sends it, works.
  const out = await site.post('/logout', {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: `${baseURL}/myDashboard` },
    data: 'redirectTo=/',
    maxRedirects: 0,
    failOnStatusCode: false,
  })
  expect(out.status()).toBe(302)
  expect(out.headers()['set-cookie']).toMatch(/ml_session=;/)
  await context.close()
})
