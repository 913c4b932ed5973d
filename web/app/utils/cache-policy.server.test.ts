import { describe, expect, it } from 'vitest'
import { cacheHeadersFor, carriesSession, PRIVATE_CACHE_CONTROL, varyWithCookie } from './cache-policy.server'

describe('cache policy', () => {
  it('a request with a cookie or a token is answered private, no-store, whatever the route said', () => {
    const route = { cacheControl: 'public, max-age=0, s-maxage=30, stale-while-revalidate=60', vary: 'Accept-Encoding' }
    expect(cacheHeadersFor({ cookie: 'ml_session=abc' }, route)).toEqual({
      cacheControl: PRIVATE_CACHE_CONTROL,
      vary: 'Accept-Encoding, Cookie',
    })
    expect(cacheHeadersFor({ authorization: 'Bearer x' }, route).cacheControl).toBe(PRIVATE_CACHE_CONTROL)
    expect(cacheHeadersFor({ cookie: 'ml_session=abc' }, {}).cacheControl).toBe(PRIVATE_CACHE_CONTROL)
  })

  it('an anonymous request keeps the route’s caching; an answer that sets a cookie is private', () => {
    expect(cacheHeadersFor({}, { cacheControl: 'public, max-age=3600' })).toEqual({ cacheControl: null, vary: 'Cookie' })
    expect(cacheHeadersFor({ cookie: '' }, { setCookie: ['ml_session=x'] }).cacheControl).toBe(PRIVATE_CACHE_CONTROL)
    expect(carriesSession({ cookie: undefined, authorization: '' })).toBe(false)
  })

  it('Vary gets Cookie once', () => {
    expect(varyWithCookie(undefined)).toBe('Cookie')
    expect(varyWithCookie('Accept-Encoding, cookie')).toBe('Accept-Encoding, cookie')
    expect(varyWithCookie(['Accept-Encoding', 'Origin'])).toBe('Accept-Encoding, Origin, Cookie')
    expect(varyWithCookie('*')).toBe('*')
  })
})
