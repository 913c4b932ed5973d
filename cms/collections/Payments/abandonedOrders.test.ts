import type { PayloadRequest } from 'payload'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hideAbandonedOrders } from './abandonedOrders'

const filter = (query: Record<string, unknown> = {}) =>
  hideAbandonedOrders({ req: { query } as unknown as PayloadRequest, limit: 10, page: 1, sort: '-createdAt' })

afterEach(() => vi.useRealTimers())

describe('the Payments list hides abandoned orders', () => {
  it('shows every payment that is not an unpaid order, and unpaid orders of the last hour whose checkout is still open', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T12:00:00.000Z'))
    expect(filter()).toEqual({
      or: [
        { status: { not_equals: 'created' } },
        { and: [{ createdAt: { greater_than: '2026-11-23T11:00:00.000Z' } }, { checkoutClosedAt: { exists: false } }] },
      ],
    })
  })

  it('counts the hour to the minute, so the filter (and the list total kept for it) is the same for a minute', () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-23T12:00:42.500Z'))
    const first = filter()
    expect(first).toMatchObject({ or: [{}, { and: [{ createdAt: { greater_than: '2026-11-23T11:00:00.000Z' } }, {}] }] })
    vi.setSystemTime(new Date('2026-11-23T12:00:59.999Z'))
    expect(filter()).toEqual(first)
    vi.setSystemTime(new Date('2026-11-23T12:01:00.000Z'))
    expect(filter()).toMatchObject({ or: [{}, { and: [{ createdAt: { greater_than: '2026-11-23T11:01:00.000Z' } }, {}] }] })
  })

  it('steps aside when the admin filters by status (how abandoned orders are found)', () => {
    expect(filter({ where: { or: [{ and: [{ status: { equals: 'created' } }] }] } })).toBeNull()
  })

  it('still applies under other filters', () => {
    expect(filter({ where: { or: [{ and: [{ amount: { equals: 79900 } }] }] } })).not.toBeNull()
  })
})
