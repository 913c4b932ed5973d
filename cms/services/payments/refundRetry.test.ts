import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../gateway'
import { describeRefundError, MAX_REFUND_ATTEMPTS, nextRefundAttempt } from './refundRetry'

const at = new Date('2026-11-23T10:00:00.000Z')
const unavailable = new GatewayError('Razorpay could not be reached to refund the payment', 'UNAVAILABLE', true)
const minutesLater = (d: Date | null) => (d ? (d.getTime() - at.getTime()) / 60_000 : null)

describe('nextRefundAttempt', () => {
  it('waits longer after each failure the gateway may get over', () => {
    expect([1, 2, 3, 4].map((n) => minutesLater(nextRefundAttempt(n, unavailable, at)))).toEqual([1, 5, 15, 60])
  })
  it('gives up after the last attempt', () => {
    expect(nextRefundAttempt(MAX_REFUND_ATTEMPTS, unavailable, at)).toBeNull()
  })
  it('does not retry a refusal the gateway will repeat', () => {
    expect(nextRefundAttempt(1, new GatewayError('fully refunded', 'BAD_REQUEST', false, 400), at)).toBeNull()
    expect(nextRefundAttempt(1, new GatewayError('Authentication failed', 'AUTH', false, 401), at)).toBeNull()
  })
  it('retries an unexpected error (a broken connection, a bug fixed by a deploy)', () => {
    expect(minutesLater(nextRefundAttempt(1, new TypeError('socket hang up'), at))).toBe(1)
  })
})

describe('describeRefundError', () => {
  it('keeps the gateway’s code and message for staff', () => {
    expect(describeRefundError(unavailable)).toBe('UNAVAILABLE: Razorpay could not be reached to refund the payment')
    expect(describeRefundError(new Error('boom'))).toBe('Unexpected error: boom')
  })
})
