import { writeFile } from 'node:fs/promises'
import { mentorProfilePath } from '@mentorloop/shared'
import { expect, test } from '@playwright/test'
import { CHROMIUM_FLAGS } from '../playwright.config'
import { adminApi } from './utils'

/**
 * Lighthouse on a public mentor profile of the production build (issue 12): accessibility, best
 * practices and SEO must each score 100. Debian's Chromium with the suite's flags, started by
 * chrome-launcher (Lighthouse's own launcher); the JSON report is kept as an artifact.
 */
const CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const

test('a mentor profile scores 100 for accessibility, best practices and SEO', async ({ baseURL }) => {
  test.setTimeout(90_000)
  // A seeded mentor with a photo (the dev seed generates one for each).
  const api = await adminApi()
  const { docs } = await api.get('/mentors?depth=0&limit=1&sort=displayOrder&where[photo][exists]=true')
  const mentor = docs[0] as { id: number; name: string }
  expect(mentor, 'a seeded mentor with a photo').toBeTruthy()
  const url = new URL(mentorProfilePath(mentor), baseURL).toString()

  const { launch } = await import('chrome-launcher')
  const { default: lighthouse } = await import('lighthouse')
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
  })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] })
    if (!result) throw new Error('Lighthouse returned no result')
    const info = test.info()
    const file = info.outputPath('lighthouse-mentor-profile.json')
    await writeFile(file, typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr))
    await info.attach('lighthouse-mentor-profile.json', { path: file, contentType: 'application/json' })
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((result.lhr.categories[c]?.score ?? 0) * 100)]))
    console.log(`Lighthouse ${url}: ${JSON.stringify(scores)}`)
    // What fell short, by audit, to make a failure readable.
    const failing = CATEGORIES.flatMap((c) =>
      (result.lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (result.lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}: ${ref.id} — ${result.lhr.audits[ref.id]?.title}`),
    )
    expect(failing).toEqual([])
    expect(scores).toEqual({ accessibility: 100, 'best-practices': 100, seo: 100 })
  } finally {
    chrome.kill()
  }
})
