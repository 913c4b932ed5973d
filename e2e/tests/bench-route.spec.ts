import { expect, test } from '@playwright/test'

/** The benchmark's yardstick exists only in benchmark builds (BENCH_ROUTES=1, web/build-options.ts). */
test('/bench/bare is not part of the production site', async ({ request }) => {
  const res = await request.get('/bench/bare')
  expect(res.status()).toBe(404)
})
