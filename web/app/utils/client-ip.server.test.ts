import { describe, expect, it } from 'vitest'
import { clientIp, UNKNOWN_CLIENT } from './client-ip.server'

const req = (headers: Record<string, string>) => new Request('http://localhost/', { headers })
const socket = { socketAddress: '10.0.0.7' }

describe('clientIp', () => {
  it('ignores X-Forwarded-For without trusted proxies: the socket address counts', () => {
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.9' }), socket, 0)).toBe('10.0.0.7')
    expect(clientIp(req({ 'x-real-ip': '198.51.100.4' }), socket, 0)).toBe('10.0.0.7')
  })

  it('takes the Nth entry from the right with N trusted proxies, not what the client claimed', () => {
    expect(clientIp(req({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }), socket, 1)).toBe('203.0.113.9')
    expect(clientIp(req({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9, 10.0.0.2' }), socket, 2)).toBe('203.0.113.9')
  })

  it('falls back to the socket when the header is missing or shorter than the proxy chain', () => {
    expect(clientIp(req({}), socket, 1)).toBe('10.0.0.7')
    expect(clientIp(req({ 'x-forwarded-for': '203.0.113.9' }), socket, 2)).toBe('10.0.0.7')
    expect(clientIp(req({ 'x-forwarded-for': ' , ' }), socket, 1)).toBe('10.0.0.7')
  })

  it('is never null, so the limit is never skipped', () => {
    expect(clientIp(req({}), null, 0)).toBe(UNKNOWN_CLIENT)
    expect(clientIp(req({}), {}, 1)).toBe(UNKNOWN_CLIENT)
  })
})
