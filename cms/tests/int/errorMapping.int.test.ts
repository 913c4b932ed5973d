import { parseErrorBody } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { setUpWorld } from '../fixtures'
import type { RestClient, RestResponse } from '../helpers/rest'
import { createUser, type TestUser } from '../helpers/scenarios'

/**
 * The one error mapping of the CMS's REST API (lib/restGuard.ts + lib/apiErrors.ts), through the
 * real route handlers: ids that cannot be ids are 404, malformed queries and bodies 400, oversized
 * bodies 413, and no answer carries a stack trace or the database's text.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser
let student: TestUser

const LEAKS = /\bat \S+ \(|node_modules|SELECT |INSERT |UPDATE "|invalid input syntax|violates|drizzle|postgres|stack/i

/** An error answer in our envelope, with the status asked and nothing leaked. */
function expectRefusal(res: RestResponse, status: number, code?: string) {
  const text = JSON.stringify(res.body)
  expect(res.status, text).toBe(status)
  const envelope = parseErrorBody(res.body)
  expect(envelope, text).not.toBeNull()
  if (code) expect(envelope?.code).toBe(code)
  expect(text).not.toMatch(LEAKS)
}

beforeAll(async () => {
  ;({ payload, rest, admin } = await setUpWorld())
  student = await createUser(payload)
})

// Payload logs the errors it maps (its own logger, not console.error); keep the output quiet.
const quietly = async <T>(fn: () => Promise<T>) => {
  const spy = vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined as never)
  try {
    return await fn()
  } finally {
    spy.mockRestore()
  }
}

describe('a media file that is not there is 404, for anyone', () => {
  it.each(['3', 'abc.webp', 'seed-mentor-0-160x160.webp'])('GET /media/file/%s', async (name) => {
    expectRefusal(await rest.get(`/media/file/${name}`), 404, 'NOT_FOUND')
  })
})

describe('an id that is not an id is 404', () => {
  it.each([
    ['GET', '/users/abc'],
    ['GET', '/users/99999999999999999999'],
    ['GET', '/users/1.5'],
    ['GET', '/users/-1'],
    ['PATCH', '/payments/create-order'],
    ['DELETE', '/mentors/abc'],
    ['POST', '/plans/abc/duplicate'],
    ['GET', '/plans/versions/abc'],
    ['GET', '/globals/site-settings/versions/abc'],
    ['GET', '/payments/versions'],
    ['GET', '/newsletter-subscribers/versions/3'],
    ['GET', '/globals/business-rules/versions'],
    ['GET', '/payload-migrations/1'],
  ] as const)('%s %s as admin', async (method, path) => {
    const res = await quietly(() =>
      rest[method.toLowerCase() as 'get'](path, {
        token: admin.token,
        body: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x' },
      }),
    )
    expectRefusal(res, 404, 'NOT_FOUND')
  })

  it('a route Payload does not have is 404 in the envelope too', async () => {
    expectRefusal(await rest.get('/no-such-collection/1', { token: admin.token }), 404, 'NOT_FOUND')
  })

  it('an auth route we do not use (e-mail verification) is 404, not a 500 from a missing column', async () => {
    for (const token of [undefined, student.token]) {
      expectRefusal(await quietly(() => rest.post('/users/verify/some-token', { token, body: {} })), 404, 'NOT_FOUND')
    }
  })
})

describe('a malformed query is 400 with a clear message', () => {
  it.each([
    ['/users?where=abc', 'where'],
    ['/users?where[email]=x', 'where'],
    ['/plans?sort=;drop table users', 'sort'],
    ['/plans?depth=abc', 'depth'],
    ['/plans?depth=-1', 'depth'],
    ['/plans?limit=-5', 'limit'],
    ['/plans?limit=1e3', 'limit'],
    ['/plans?page=0', 'page'],
    ['/plans?page=99999999999999999999', 'page'],
    ['/plans?draft=maybe', 'draft'],
  ])('GET %s', async (path, param) => {
    const res = await quietly(() => rest.get(path, { token: admin.token }))
    expectRefusal(res, 400, 'INVALID_INPUT')
    expect(parseErrorBody(res.body)?.message).toContain(`"${param}"`)
  })

  it.each([
    '/plans?where[id][equals]=abc',
    '/plans?where[id][in]=1,x,99999999999999999999',
    '/plans?where[pricePaise][greater_than]=lots',
    '/plans?where[createdAt][greater_than]=yesterday',
    '/plans?where[nope][equals]=1',
  ])('values of the wrong type in a well-formed where are no 500: GET %s', async (path) => {
    const res = await quietly(() => rest.get(path, { token: admin.token }))
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
    expect(JSON.stringify(res.body)).not.toMatch(LEAKS)
  })
})

it("a bulk update or delete without where is 400, not Payload's 500", async () => {
  expectRefusal(await quietly(() => rest.delete('/plans', { token: admin.token })), 400, 'INVALID_INPUT')
  expectRefusal(await quietly(() => rest.patch('/plans', { token: admin.token, body: { name: 'x' } })), 400, 'INVALID_INPUT')
})

describe('a malformed body is 400, by any role', () => {
  it.each([
    ['admin', () => admin],
    ['student', () => student],
  ])('garbage JSON, a JSON array and a string to create and update (%s)', async (_role, who) => {
    const token = who().token
    for (const rawBody of ['{"name":', '[1,2,3]', '"text"', 'null']) {
      const headers = { 'Content-Type': 'application/json' }
      expectRefusal(await quietly(() => rest.post('/plans', { token, rawBody, headers })), 400, 'INVALID_INPUT')
      expectRefusal(await quietly(() => rest.patch(`/users/${who().id}`, { token, rawBody, headers })), 400, 'INVALID_INPUT')
      expectRefusal(await quietly(() => rest.post('/bookings', { token, rawBody, headers })), 400, 'INVALID_INPUT')
    }
  })

  it('wrong types on create are 400 with the field named (admin)', async () => {
    const res = await quietly(() =>
      rest.post('/plans', { token: admin.token, body: { name: { nested: true }, code: 42, pricePaise: 'lots', features: 'x' } }),
    )
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expectRefusal(res, res.status)
  })

  it('a body that is not JSON is refused, not guessed at', async () => {
    const res = await quietly(() =>
      rest.post('/plans', { token: admin.token, rawBody: 'name=x', headers: { 'Content-Type': 'text/plain' } }),
    )
    expectRefusal(res, 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  it("a form whose _payload is not JSON (the admin panel's shape) is 400", async () => {
    const form = new FormData()
    form.set('_payload', '{oops')
    const request = new Request('http://localhost/api/plans', {
      method: 'POST',
      body: form,
      headers: { Authorization: `JWT ${admin.token}` },
    })
    const { restRoutes } = await import('../../lib/restRoutes')
    const res = await restRoutes(payload.config).POST(request, { params: Promise.resolve({ slug: ['plans'] }) })
    expectRefusal({ status: res.status, body: await res.json(), headers: res.headers }, 400, 'INVALID_INPUT')
  })

  it('an id past int4 to one of our endpoints is 400, not its failure text', async () => {
    const res = await quietly(() => rest.get('/bookings/user/2147483648/plan-status', { token: admin.token }))
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
    expectRefusal(res, res.status)
  })

  it('POST /bookings with garbage is 4xx (our endpoint)', async () => {
    const res = await quietly(() => rest.post('/bookings', { token: student.token, body: { mentorId: 'abc', name: ['x'], contact: {} } }))
    expect(res.status).toBe(400)
    expectRefusal(res, 400)
  })
})

describe('an oversized body is 413', () => {
  const big = (bytes: number) => JSON.stringify({ name: 'x'.repeat(bytes) })

  it('over 1 MB of JSON to a Payload route', async () => {
    const res = await rest.post('/plans', {
      token: admin.token,
      rawBody: big(1024 * 1024 + 10),
      headers: { 'Content-Type': 'application/json' },
    })
    expectRefusal(res, 413, 'PAYLOAD_TOO_LARGE')
  })

  it('over 1 MB of JSON to one of our endpoints', async () => {
    const res = await rest.post('/waitlist/add', {
      token: student.token,
      rawBody: big(1024 * 1024 + 10),
      headers: { 'Content-Type': 'application/json' },
    })
    expectRefusal(res, 413, 'PAYLOAD_TOO_LARGE')
  })

  it('over 256 KB to the payment webhook, under 1 MB', async () => {
    const res = await rest.post('/payments/webhook', { rawBody: big(300 * 1024), headers: { 'Content-Type': 'application/json' } })
    expectRefusal(res, 413, 'PAYLOAD_TOO_LARGE')
  })

  it('without a Content-Length (a stream) as well', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ >= 20) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const request = new Request('http://localhost/api/plans', {
      method: 'POST',
      body,
      headers: { Authorization: `JWT ${admin.token}`, 'Content-Type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    const { restRoutes } = await import('../../lib/restRoutes')
    const res = await restRoutes(payload.config).POST(request, { params: Promise.resolve({ slug: ['plans'] }) })
    expect(res.status).toBe(413)
  })

  it('a body under the limit still works', async () => {
    const res = await rest.get('/plans?limit=1&depth=0&sort=-createdAt&where[code][exists]=true', { token: admin.token })
    expect(res.status).toBe(200)
  })
})

describe('an empty create or update on every collection and global (admin) is 4xx, never 500', () => {
  const bodies = [
    ['empty, no type', '', {}],
    ['empty XML', '', { 'Content-Type': 'application/xml' }],
    ['empty JSON object', '{}', { 'Content-Type': 'application/json' }],
  ] as const
  it('POST /<collection> for each collection', async () => {
    const failures: string[] = []
    for (const collection of payload.config.collections) {
      if (collection.upload) continue
      for (const [label, rawBody, headers] of bodies) {
        const res = await quietly(() => rest.post(`/${collection.slug}`, { token: admin.token, rawBody, headers: { ...headers } }))
        if (res.status >= 500) failures.push(`${collection.slug} (${label}): ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
        // Refused in the envelope: 400 (no data), or 404 where the collection has no REST create.
        if (rawBody === '') expectRefusal(res, collection.slug.startsWith('payload-') && res.status === 404 ? 404 : 400)
      }
    }
    for (const global of payload.config.globals) {
      for (const [label, rawBody, headers] of bodies) {
        const res = await quietly(() => rest.post(`/globals/${global.slug}`, { token: admin.token, rawBody, headers: { ...headers } }))
        if (res.status >= 500) failures.push(`globals/${global.slug} (${label}): ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
      }
    }
    const first = await createUser(payload)
    const res = await quietly(() =>
      rest.patch(`/users/${first.id}`, { token: admin.token, rawBody: '', headers: { 'Content-Type': 'application/xml' } }),
    )
    expectRefusal(res, 400, 'INVALID_INPUT')
    expect(failures).toEqual([])
  })
})
