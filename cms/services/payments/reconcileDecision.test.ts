import { describe, expect, it } from 'vitest'
import type { GatewayPayment } from '../../gateway'
import { MAX_RECONCILE_CHECKS, nextReconcileCheck, reconcileDecision } from './reconcileDecision'

const attempt = (id: string, status: GatewayPayment['status']): GatewayPayment => ({
  id,
  orderId: 'order_1',
  status,
  amount: 59900,
  currency: 'INR',
})

describe('what the gateway’s payments of an order mean', () => {
  it('a captured payment completes the order with that payment, whatever failed before it', () => {
    expect(reconcileDecision([attempt('pay_1', 'failed'), attempt('pay_2', 'captured')])).toEqual({
      action: 'complete',
      paymentId: 'pay_2',
    })
  })

  it('only failed attempts: the order failed', () => {
    expect(reconcileDecision([attempt('pay_1', 'failed'), attempt('pay_2', 'failed')])).toEqual({ action: 'fail' })
  })

  it('no attempt, an authorised one, or one refunded at the gateway: nothing to do yet', () => {
    expect(reconcileDecision([])).toEqual({ action: 'wait' })
    expect(reconcileDecision([attempt('pay_1', 'failed'), attempt('pay_2', 'authorized')])).toEqual({ action: 'wait' })
    expect(reconcileDecision([attempt('pay_1', 'refunded')])).toEqual({ action: 'wait' })
  })
})

describe('when the sweep asks again', () => {
  it('later after each inconclusive check, then never', () => {
    const at = new Date('2026-11-28T10:00:00Z')
    const waits = Array.from({ length: MAX_RECONCILE_CHECKS }, (_, i) => nextReconcileCheck(i + 1, at)?.getTime() ?? null)
    expect(waits.slice(0, -1).map((t) => (t! - at.getTime()) / 60_000)).toEqual([15, 60, 360, 1440])
    expect(waits.at(-1)).toBeNull()
  })
})
