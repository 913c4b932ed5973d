import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { productionNode } from '../../scripts/lib/node-lts'
import { runToEnd } from '../../scripts/lib/processes'
import { ROOT, type Stack, startStack } from '../../scripts/lib/stack'
import { expectAccessible, waitForHydration } from './utils'

/**
 * A fresh production database, as `npm start` or docker-compose leave it: migrated, no content, no
 * users. The shared stack is seeded, so this file starts its own (production builds, no seed) on
 * the next ports, with a database of its own on the shared stack's PostgreSQL. Every page renders
 * (no 500, no error boundary, axe passes), a policy page that does not exist yet is a 404 page;
 * after `npm run content:init` the same pages show the default content.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4100) + 10
const POLICY = ['/terms', '/privacy', '/cancellation', '/shipping', '/cookies']
let stack: Stack

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const shared = process.env.E2E_DATABASE_URL
  stack = await startStack({
    mode: 'prod',
    ports: { web: base, cms: base + 1, oidc: base + 3, pg: Number(process.env.E2E_PG_PORT ?? 54349) + 1 },
    pgDataDir: path.join(ROOT, `.data/e2e-empty-postgres-${base}`),
    serverUrl: shared ? new URL('/postgres', shared).toString() : undefined,
    database: `e2e_${process.pid}_empty_${Date.now().toString(36)}`,
    freshDatabase: true,
    mocks: true,
    randomSecrets: true,
    quiet: !process.env.E2E_VERBOSE,
    seed: false,
  })
})

test.afterAll(async () => {
  await stack?.stop()
})

/** The page answered 200 and rendered, with no error boundary and no script error. */
async function rendersOk(page: Page, url: string) {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const res = await page.goto(url)
  expect(res?.status(), url).toBe(200)
  await waitForHydration(page)
  await expect(page.locator('section[data-status]')).toHaveCount(0)
  await expect(page.getByText('Something went wrong')).toHaveCount(0)
  expect(errors, url).toEqual([])
}

test('every page renders on an empty database, and shows the default content after content:init', async ({ page }) => {
  test.setTimeout(240_000)
  const site = stack.webUrl

  await test.step('empty: the landing page has only what works without content', async () => {
    await rendersOk(page, `${site}/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MentorLoop')
    await expect(page.locator('#mentors')).toContainText('No mentors found.')
    await expect(page.locator('#booking')).toBeVisible()
    // Sections without content are left out, not shown as empty shells.
    for (const id of ['#premium-plans', '#faq', '#about', '#contact']) await expect(page.locator(id)).toHaveCount(0)
    await expect(page.getByTestId('testimonials')).toHaveCount(0)
    await expectAccessible(page)
  })

  await test.step('empty: a policy page that does not exist yet is a 404 page', async () => {
    for (const url of POLICY) {
      const res = await page.goto(`${site}${url}`)
      expect(res?.status(), url).toBe(404)
      await expect(page.locator('[data-status="404"]')).toBeVisible()
    }
    await expectAccessible(page)
  })

  await test.step('empty: the plan pages say no plan is on sale', async () => {
    // Through this stack's own local issuer (the helpers' relative URLs reach the shared stack).
    await page.goto(`${site}/login`)
    await page.getByLabel('Or any e-mail address').fill(`first.student.${Date.now()}@example.com`)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
    await rendersOk(page, `${site}/subscriptions`)
    await expect(page.getByText('No plans are on sale right now.')).toBeVisible()
    await rendersOk(page, `${site}/question-bank/subscription`)
    await expect(page.getByText('No plans are on offer right now.')).toBeVisible()
    await expectAccessible(page)
  })

  await test.step('npm run content:init', async () => {
    // As an operator runs it: the compiled script, on production's Node, against the stack's database.
    await runToEnd('content:init', productionNode(), [path.join(ROOT, 'cms/dist/content-init.mjs')], {
      cwd: path.join(ROOT, 'cms'),
      env: stack.env,
      quiet: true,
      timeoutMs: 120_000,
    })
  })

  await test.step('after content:init: the landing page shows the default content', async () => {
    // The script told the site to drop its cached (empty) content.
    await rendersOk(page, `${site}/`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crack your placements with mentors who have already made it')
    const plans = page.locator('#premium-plans')
    await expect(plans.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible()
    await expect(plans.locator('[data-plan-code="BEGINNER_TECHY"]').getByTestId('plan-price')).toHaveText('₹599')
    await expect(page.locator('#faq details')).toHaveCount(7)
    await expect(page.locator('#about')).toContainText('MentorLoop was started by engineers')
    await expect(page.locator('#contact')).toContainText('support@mentorloop.in')
    await expectAccessible(page)
  })

  await test.step('after content:init: the policy and plan pages have their content', async () => {
    for (const url of POLICY) {
      await rendersOk(page, `${site}${url}`)
      await expect(page.getByTestId('policy-page').getByRole('heading', { level: 1 })).toBeVisible()
    }
    await expectAccessible(page)
    await rendersOk(page, `${site}/subscriptions`)
    await expect(page.locator('[data-plan-code="PLACEMENT_FOCUSED"]')).toBeVisible()
    await rendersOk(page, `${site}/question-bank/subscription`)
    await expect(page.locator('[data-plan-code="PLAN1"]')).toBeVisible()
  })
})
