import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { checkActionRequest, FOREIGN_ORIGIN_MESSAGE, guardRoutes, isSameOriginRequest } from './request-guard.server'

const url = 'http://localhost/book'
const form = (body: string, type = 'application/x-www-form-urlencoded') =>
  new Request(url, { method: 'POST', body, headers: { 'Content-Type': type } })

describe('checkActionRequest', () => {
  it.each(['PUT', 'DELETE', 'PATCH'])('%s is 405 with Allow', async (method) => {
    const res = await checkActionRequest(new Request(url, { method, body: 'x' }), 'routes/book')
    expect(res?.status).toBe(405)
    expect(res?.headers.get('Allow')).toBe('GET, HEAD, POST')
  })

  it('a POST form passes', async () => {
    expect(await checkActionRequest(form('name=A&contact=1'), 'routes/book')).toBeNull()
    const multipart = new FormData()
    multipart.set('name', 'A')
    expect(await checkActionRequest(new Request(url, { method: 'POST', body: multipart }), 'routes/book')).toBeNull()
  })

  it('a body that is no form is 400', async () => {
    expect((await checkActionRequest(form('{"a":1}', 'application/json'), 'routes/book'))?.status).toBe(400)
    expect((await checkActionRequest(new Request(url, { method: 'POST', body: 'x' }), 'routes/logout'))?.status).toBe(400)
    expect((await checkActionRequest(form('garbage', 'multipart/form-data; boundary=zzz'), 'routes/book'))?.status).toBe(400)
  })

  it('a body over 1 MB is 413', async () => {
    expect((await checkActionRequest(form(`a=${'x'.repeat(1024 * 1024)}`), 'routes/book'))?.status).toBe(413)
  })

  it('the JSON routes read their own body', async () => {
    expect(await checkActionRequest(form('{"a":1}', 'application/json'), 'routes/api.revalidate')).toBeNull()
  })
})

describe('same-origin actions', () => {
  const post = (headers: Record<string, string>) =>
    new Request(url, { method: 'POST', body: 'a=1', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } })
  const PUBLIC = 'https://mentorloop.in'

  it.each([
    ['a foreign Origin', { Origin: 'https://evil.example' }],
    ['a sibling subdomain', { Origin: 'https://evil.mentorloop.in', 'Sec-Fetch-Site': 'same-site' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Origin: null (a sandboxed frame)', { Origin: 'null' }],
    ['the same host on another port', { Origin: 'http://localhost:4444' }],
    ['no Origin, a foreign Referer', { Referer: 'https://evil.example/page' }],
  ])('%s is refused with 403', async (_what, headers) => {
    expect(isSameOriginRequest(post(headers), PUBLIC)).toBe(false)
    const res = await checkActionRequest(post(headers), 'routes/book')
    expect(res?.status).toBe(403)
    expect(await res?.text()).toBe(FOREIGN_ORIGIN_MESSAGE)
  })

  it('the production server’s verdict stands when it took Origin away (Remix would answer it with a 500)', async () => {
    expect((await checkActionRequest(post({}), 'routes/book', { sameOrigin: false }))?.status).toBe(403)
    expect(await checkActionRequest(post({}), 'routes/book', { sameOrigin: true })).toBeNull()
  })

  it.each([
    ['the public origin', { Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' }],
    ['the address the request was sent to', { Origin: 'http://localhost' }],
    ['Sec-Fetch-Site: same-origin alone', { 'Sec-Fetch-Site': 'same-origin' }],
    ['an old browser: no Origin, no Sec-Fetch-Site, a same-origin Referer', { Referer: `${PUBLIC}/myDashboard` }],
    ['a server or a browser that sends nothing', {}],
  ])('%s passes', (_what, headers) => {
    expect(isSameOriginRequest(post(headers), PUBLIC)).toBe(true)
  })
})

describe('guardRoutes', () => {
  it('puts every action behind the guard and leaves loaders alone', async () => {
    const calls: string[] = []
    const routes = {
      'routes/book': {
        id: 'routes/book',
        path: 'book',
        module: { action: async () => calls.push('action'), loader: async () => calls.push('loader') },
      },
    } as unknown as ServerBuild['routes']
    const guarded = guardRoutes(routes)
    const module = guarded['routes/book']!.module
    expect(module.loader).toBe(routes['routes/book']!.module.loader)
    const thrown = await Promise.resolve(module.action!({ request: new Request(url, { method: 'PUT' }), params: {}, context: {} })).catch(
      (e) => e,
    )
    expect((thrown as Response).status).toBe(405)
    expect(calls).toEqual([])
    await module.action!({ request: form('a=1'), params: {}, context: {} })
    expect(calls).toEqual(['action'])
  })
})
