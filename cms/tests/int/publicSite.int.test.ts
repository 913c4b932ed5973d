import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { NEWSLETTER_MESSAGES, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import { REVALIDATE_SIGNATURE_HEADER, verifyRevalidation } from '@mentorloop/shared/revalidation'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { createUser, unique } from '../helpers/scenarios'

/**
 * The public site's CMS side: the newsletter endpoint (service key, validation, duplicates) and
 * the signed revalidation call that content changes send to the site.
 */
let payload: Payload
let rest: RestClient
let site: Server
let serviceKey: string
let flushRevalidations: () => Promise<void>
const received: { signature: string | null; body: string }[] = []

beforeAll(async () => {
  site = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (req.url === '/api/revalidate') {
        received.push({ signature: (req.headers[REVALIDATE_SIGNATURE_HEADER] as string) ?? null, body })
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
  // Read once by lib/env when the config loads below.
  process.env.WEB_INTERNAL_URL = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  process.env.REVALIDATE_SITE = 'true'
  ;({ payload, rest } = await setUpWorld())
  serviceKey = (await import('../../lib/env')).env.SERVICE_KEY
  flushRevalidations = (await import('../../lib/revalidateSite')).flushRevalidations
})

afterAll(async () => {
  await new Promise((r) => site.close(r))
})

const subscribe = (body: unknown, key: string | null = serviceKey) =>
  rest.post('/newsletter-subscribers/subscribe', { body, headers: key ? { [SERVICE_KEY_HEADER]: key } : {} })

describe('POST /api/newsletter-subscribers/subscribe', () => {
  it('needs the service key', async () => {
    const email = `${unique('n')}@example.com`
    expect((await subscribe({ name: 'A', email }, null)).status).toBe(401)
    expect((await subscribe({ name: 'A', email }, 'x'.repeat(40))).status).toBe(401)
    const stored = await payload.find({ collection: 'newsletter-subscribers', where: { email: { equals: email } }, overrideAccess: true })
    expect(stored.totalDocs).toBe(0)
  })

  it('validates with clear messages', async () => {
    const bad = await subscribe({ name: '', email: 'not-an-email' })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('INVALID_INPUT')
    expect(bad.body.message).toBe('Please enter your name.')
    expect((await subscribe({ name: 'Asha', email: 'nope' })).body.message).toBe('Please enter a valid e-mail address.')
    const raw = await rest.post('/newsletter-subscribers/subscribe', { rawBody: '{', headers: { [SERVICE_KEY_HEADER]: serviceKey } })
    expect(raw.status).toBe(400)
  })

  it('stores a subscriber once; the same e-mail again is "already subscribed"', async () => {
    const email = `${unique('news')}@Example.com`
    const first = await subscribe({ name: '  Asha Rao ', email })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ status: 'subscribed', message: NEWSLETTER_MESSAGES.SUBSCRIBED })
    const again = await subscribe({ name: 'Someone Else', email: email.toUpperCase() })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ status: 'already-subscribed', message: NEWSLETTER_MESSAGES.ALREADY_SUBSCRIBED })
    expect(JSON.stringify(again.body)).not.toContain('Asha')
    const stored = await payload.find({
      collection: 'newsletter-subscribers',
      where: { email: { equals: email.toLowerCase() } },
      overrideAccess: true,
    })
    expect(stored.docs.map((d) => d.name)).toEqual(['Asha Rao'])
  })

  it('two simultaneous sign-ups with one e-mail store one row', async () => {
    const email = `${unique('race')}@example.com`
    const results = await Promise.all([subscribe({ name: 'A', email }), subscribe({ name: 'B', email })])
    expect(results.map((r) => r.status).sort()).toEqual([200, 201])
    const stored = await payload.find({ collection: 'newsletter-subscribers', where: { email: { equals: email } }, overrideAccess: true })
    expect(stored.totalDocs).toBe(1)
  })

  it('the list is readable by editors only', async () => {
    const student = await createUser(payload)
    expect((await rest.get('/newsletter-subscribers')).status).toBe(403)
    expect((await rest.get('/newsletter-subscribers', { token: student.token })).status).toBe(403)
    const staff = await createUser(payload, { roles: ['staff'] })
    expect((await rest.get('/newsletter-subscribers', { token: staff.token })).status).toBe(200)
    expect((await rest.post('/newsletter-subscribers', { token: student.token, body: { name: 'x', email: 'x@example.com' } })).status).toBe(
      403,
    )
  })
})

describe('revalidation of the site', () => {
  it('a published FAQ change sends a signed call naming the faqs', async () => {
    received.length = 0
    await payload.create({
      collection: 'faqs',
      data: { question: unique('Q?'), answer: 'A.', _status: 'published' },
      overrideAccess: true,
    })
    await expect.poll(() => received.length, { timeout: 3_000 }).toBeGreaterThan(0)
    const call = received[0]!
    expect(JSON.parse(call.body)).toEqual({ tags: ['faqs'] })
    expect(verifyRevalidation(serviceKey, call.signature, call.body)).toBe(true)
  })

  it('site settings changes name the site settings', async () => {
    received.length = 0
    const { siteSettings } = await import('../../seed/content/siteSettings')
    await payload.updateGlobal({
      slug: 'site-settings',
      data: { ...siteSettings, _status: 'published' } as never,
      overrideAccess: true,
    })
    await expect.poll(() => received.some((r) => r.body.includes('site-settings')), { timeout: 3_000 }).toBe(true)
  })

  it('a draft saved over a draft sends nothing', async () => {
    const faq = await payload.create({
      collection: 'faqs',
      data: { question: unique('Draft?'), answer: 'A.', _status: 'draft' },
      draft: true,
      overrideAccess: true,
    })
    // Calls still scheduled by earlier changes go out now, so only this save's would be counted.
    await flushRevalidations()
    received.length = 0
    await payload.update({ collection: 'faqs', id: faq.id, data: { answer: 'B.' }, draft: true, overrideAccess: true })
    // Whatever this save scheduled (now or after its delays) has reached the site or failed.
    await flushRevalidations()
    expect(received).toEqual([])
  })
})
