import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { coverageText } from './dashboard/YourPlan'
import { PlanCard } from './PlanCard'

const plan = {
  id: 1,
  code: 'BEGINNER_TECHY',
  product: 'mentorship' as const,
  name: 'Beginner Techy Plan',
  description: null,
  price: 599,
  strikePrice: 1100,
  currency: 'INR',
  badge: null,
  sessionsIncluded: 4,
  features: [],
}

describe('a plan card says what one payment buys (docs/decisions/183)', () => {
  it('a mentorship plan is priced per batch, with nothing renewing: never “/ month”', () => {
    const html = renderToStaticMarkup(<PlanCard plan={plan} />)
    expect(html).toContain('per batch')
    expect(html).toContain('One payment for a seat in one batch (4 live sessions over its month); nothing renews on its own.')
    expect(html).not.toMatch(/\/ ?month/)
  })

  it('a question-bank plan says neither', () => {
    const html = renderToStaticMarkup(<PlanCard plan={{ ...plan, code: 'PLAN1', product: 'question-bank', sessionsIncluded: null }} />)
    expect(html).not.toMatch(/\/ ?month|per batch/)
  })
})

describe('a credit on the dashboard', () => {
  const credit = {
    kind: 'credit' as const,
    paymentId: 3,
    plan: { id: 1, code: 'BEGINNER_TECHY', name: 'Beginner Techy Plan' },
    creditUntil: '2026-12-31T18:30:00.000Z',
  }
  it('a paid one is refunded after its last day; a granted one lapses unused (the same day)', () => {
    expect(coverageText(credit)).toContain('if none has by 31 Dec 2026, we refund it automatically')
    const granted = coverageText({ ...credit, complimentary: true })
    expect(granted).toContain('by 31 Dec 2026, it lapses unused')
    expect(granted).not.toMatch(/refund/)
  })
})
