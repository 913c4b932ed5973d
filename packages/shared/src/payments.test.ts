import { describe, expect, it } from 'vitest'
import { refundRequestSchema } from './payments'

describe('the held-seat question of the cancel and refund dialogs (keepNextSeat)', () => {
  it('reads a form’s yes / no and a JSON boolean; unset stays unset (the seat is kept)', () => {
    expect(refundRequestSchema.parse({ paymentId: '4', keepNextSeat: 'yes' })).toEqual({ paymentId: 4, keepNextSeat: true })
    expect(refundRequestSchema.parse({ paymentId: 4, keepNextSeat: 'no' })).toEqual({ paymentId: 4, keepNextSeat: false })
    expect(refundRequestSchema.parse({ paymentId: 4, keepNextSeat: false })).toEqual({ paymentId: 4, keepNextSeat: false })
    expect(refundRequestSchema.parse({ paymentId: 4 })).toEqual({ paymentId: 4 })
  })

  it('refuses anything else with a sentence', () => {
    const parsed = refundRequestSchema.safeParse({ paymentId: 4, keepNextSeat: 'maybe' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('Say whether to keep next month’s held seat.')
  })
})
