import { describe, expect, it } from 'vitest'
import { clientIp } from './client-ip.server'

const req = (headers: Record<string, string>) => new Request('http://localhost/', { headers })

describe('clientIp', () => {
  it('takes the address the proxy appended (the last X-Forwarded-For hop), not what the client claimed', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.9' }))).toBe('203.0.113.9')
    expect(clientIp(req({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }))).toBe('203.0.113.9')
    expect(clientIp(req({ 'x-real-ip': '198.51.100.4' }))).toBe('198.51.100.4')
  })
  it('is null without a proxy, so no shared bucket exists', () => {
    expect(clientIp(req({}))).toBeNull()
    expect(clientIp(req({ 'x-forwarded-for': ' , ' }))).toBeNull()
  })
})
