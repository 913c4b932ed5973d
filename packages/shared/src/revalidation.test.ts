import { describe, expect, it } from 'vitest'
import { REVALIDATE_MAX_SKEW_MS, signRevalidation, verifyRevalidation } from './revalidation'

const KEY = 'k'.repeat(40)
const body = JSON.stringify({ tags: ['faqs'] })

describe('revalidation signature', () => {
  it('accepts its own signature', () => {
    expect(verifyRevalidation(KEY, signRevalidation(KEY, body), body)).toBe(true)
  })
  it('refuses another key, another body, a missing or malformed header', () => {
    const sig = signRevalidation(KEY, body)
    expect(verifyRevalidation('x'.repeat(40), sig, body)).toBe(false)
    expect(verifyRevalidation(KEY, sig, JSON.stringify({ tags: ['plans'] }))).toBe(false)
    expect(verifyRevalidation(KEY, null, body)).toBe(false)
    expect(verifyRevalidation(KEY, 'garbage', body)).toBe(false)
    expect(verifyRevalidation(KEY, sig.replace(/v1=../, 'v1=zz'), body)).toBe(false)
  })
  it('refuses an old signature', () => {
    const old = Date.now() - REVALIDATE_MAX_SKEW_MS - 1000
    expect(verifyRevalidation(KEY, signRevalidation(KEY, body, old), body)).toBe(false)
  })
})
