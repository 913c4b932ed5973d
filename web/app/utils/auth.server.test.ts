import { describe, expect, it } from 'vitest'
import { loginPath, requireUser } from './auth.server'

async function thrown(p: Promise<unknown>): Promise<Response> {
  try {
    await p
  } catch (error) {
    return error as Response
  }
  throw new Error('expected a thrown response')
}

describe('requireUser', () => {
  it('sends a signed-out visitor to sign-in, remembering the page (path and query) to come back to', async () => {
    const res = await thrown(requireUser(new Request('http://localhost:3000/paymentHistory?month=11')))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2FpaymentHistory%3Fmonth%3D11')
    expect(res.headers.get('cache-control')).toBe('no-store')
    // No stale cookie to clear.
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('builds the sign-in path with the target encoded', () => {
    expect(loginPath('/mentors/3')).toBe('/login?redirectTo=%2Fmentors%2F3')
  })
})
