import { beforeAll, describe, expect, it } from 'vitest'

/**
 * The booking form's action keeps a booking that cannot go through yet (sign in first), and the
 * form comes back with it. The CMS here is a closed port, the network boundary: a signed-out
 * visitor needs no CMS call; the whole journey (sign in, pay, finish) runs in
 * e2e/tests/buy-then-book.spec.ts.
 */
let route: typeof import('./book')
let drafts: typeof import('~/utils/booking-draft.server')

beforeAll(async () => {
  process.env.CMS_INTERNAL_URL = 'http://127.0.0.1:9'
  route = await import('./book')
  drafts = await import('~/utils/booking-draft.server')
})

type Init = { data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null }
const post = (body: Record<string, string>, cookie?: string) =>
  new Request('http://localhost:3000/book', {
    method: 'POST',
    body: new URLSearchParams(body),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
  })

describe('/book keeps the booking a visitor started', () => {
  it('signed out: "Please sign in", and the mentor, name and phone are kept for after sign-in', async () => {
    const res = (await route.action({
      request: post({ name: 'Ananya Rao', contact: '9812345678', mentorId: '4' }),
      params: {},
      context: {},
    })) as unknown as Init
    expect(res.init?.status).toBe(401)
    expect(res.data).toMatchObject({ outcome: 'error', kind: 'login' })
    const setCookie = new Headers(res.init?.headers).getSetCookie().find((c) => c.startsWith('ml_booking_draft='))
    expect(setCookie).toBeDefined()
    const back = new Request('http://localhost:3000/', { headers: { cookie: setCookie!.split(';')[0]! } })
    // Whoever signs in next gets it back.
    expect(await drafts.readBookingDraft(back, 12)).toEqual({ mentorId: 4, name: 'Ananya Rao', contact: '9812345678' })

    const page = (await route.loader({
      request: new Request('http://localhost:3000/book', { headers: { cookie: setCookie!.split(';')[0]! } }),
      params: {},
      context: {},
    })) as unknown as Init
    // Signed out, the visitor still sees what they typed; the mentor is chosen.
    expect(page.data).toMatchObject({ preselected: 4, draft: { mentorId: 4, name: 'Ananya Rao', contact: '9812345678' } })
  })

  it('keeps nothing without a mentor, and ?mentor= wins over a kept one', async () => {
    const res = (await route.action({
      request: post({ name: 'A', contact: '', mentorId: '' }),
      params: {},
      context: {},
    })) as unknown as Init
    expect(res.init?.status).toBe(401)
    expect(new Headers(res.init?.headers).getSetCookie().some((c) => c.startsWith('ml_booking_draft='))).toBe(false)

    const kept = (await drafts.saveBookingDraft({ mentorId: '4', name: 'A', contact: '9812345678' }, null))!.split(';')[0]!
    const page = (await route.loader({
      request: new Request('http://localhost:3000/book?mentor=9', { headers: { cookie: kept } }),
      params: {},
      context: {},
    })) as unknown as Init
    expect(page.data).toMatchObject({ preselected: 9 })
  })
})
