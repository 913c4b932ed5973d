import { describe, expect, it } from 'vitest'
import { CmsError, UNAVAILABLE } from '~/models/cms.server'
import { streamOnNavigation } from './stream.server'

const pageLoad = new Request('http://site.test/myDashboard', { headers: { 'sec-fetch-dest': 'document' } })
const navigation = new Request('http://site.test/myDashboard.data', { headers: { 'sec-fetch-dest': 'empty' } })

describe('streamOnNavigation', () => {
  it('puts the value itself in a page load, so the HTML is complete without JavaScript', async () => {
    expect(await streamOnNavigation(pageLoad, Promise.resolve(42))).toEqual({ value: 42 })
  })

  it('hands a client-side navigation the promise, to stream behind its loading state', async () => {
    const promise = Promise.resolve(42)
    const { value } = await streamOnNavigation(navigation, promise)
    expect(value).toBe(promise)
  })

  it('keeps a failure as the rejected promise, for the route to show its error', async () => {
    const failing = Promise.reject(new Error('CMS down'))
    const { value } = await streamOnNavigation(pageLoad, failing)
    await expect(value).rejects.toThrow('CMS down')
  })

  it('answers a page load whose data the CMS could not give (an outage) with the 503 page', async () => {
    const outage = Promise.reject(new CmsError(UNAVAILABLE.message, 503, UNAVAILABLE))
    const thrown = await streamOnNavigation(pageLoad, outage).catch((e: unknown) => e)
    expect(thrown).toMatchObject({ init: { status: 503 }, data: UNAVAILABLE.message })
  })

  it('still streams an outage to a client-side navigation, for its error element', async () => {
    const outage = Promise.reject(new CmsError(UNAVAILABLE.message, 503, UNAVAILABLE))
    outage.catch(() => {})
    const { value } = await streamOnNavigation(navigation, outage)
    await expect(value).rejects.toThrow(UNAVAILABLE.message)
  })
})
