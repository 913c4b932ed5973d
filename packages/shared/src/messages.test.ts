import { describe, expect, it } from 'vitest'
import { alreadyPurchasedMessage, planLabel } from './messages'

describe('planLabel', () => {
  it('adds "plan" only when the name does not end with it', () => {
    expect(planLabel('Beginner Techy')).toBe('the Beginner Techy plan')
    expect(planLabel('Placement-Focused Plan')).toBe('the Placement-Focused Plan')
    expect(alreadyPurchasedMessage('Placement-Focused Plan')).toBe(
      'You have already purchased the Placement-Focused Plan. You cannot purchase the same plan twice.',
    )
  })
})

describe('the spec texts we replaced (docs/vocabulary.md)', () => {
  it('says "sign in", never "login", in the sign-in messages', async () => {
    const { MESSAGES } = await import('./messages')
    expect(MESSAGES.PLEASE_LOGIN).toBe('Please sign in')
    expect(MESSAGES.LOGIN_SUCCESS).toBe('You are signed in')
    expect(MESSAGES.LOGIN_FAILED).toBe('Sign-in failed')
    expect(MESSAGES.LOGOUT_SUCCESS).toBe('You are signed out')
    expect(MESSAGES.LOGOUT_FAILED).toBe('Sign-out failed')
    for (const text of Object.values(MESSAGES)) expect(text).not.toMatch(/\blog ?in\b|\blog ?out\b/i)
  })

  it('says "plan", never "subscription", where the spec said it (docs/vocabulary.md)', async () => {
    const { MESSAGES } = await import('./messages')
    expect(MESSAGES.PAYMENT_REQUIRED).toBe('Choose a plan before booking: a plan pays for your seat in one batch.')
    expect(MESSAGES.QB_SUCCESS).toBe('Payment successful: your question bank plan is updated.')
    expect(MESSAGES.QB_NO_ACTIVE_SUBSCRIPTION).toBe('No active plan.')
    for (const text of Object.values(MESSAGES)) expect(text).not.toMatch(/\bsubscri(?:be|ption)\b/i)
  })

  it('says the waitlist is free instead of "Waitlist Token Raised… contact you via mail if any vacancy"', async () => {
    const { MESSAGES, waitlistJoinedMessage } = await import('./messages')
    expect(MESSAGES.WAITLIST_TOKEN_TITLE).toBe('You’re on the waitlist')
    expect(MESSAGES.WAITLIST_TOKEN).toContain('Joining is free')
    expect(MESSAGES.WAITLIST_TOKEN).not.toMatch(/token|vacancy/i)
    expect(waitlistJoinedMessage({ mentorName: 'Aarav Mehta', position: 2, holdHours: 24, hasPlan: false })).toBe(
      'You’re on Aarav Mehta’s waitlist (number 2). Joining is free; when a seat opens we hold it for you for 24 hours and you pay then.',
    )
    const { waitlistNote } = await import('./messages')
    expect(waitlistNote('Aarav Mehta', 24)).toBe(
      'Aarav Mehta’s batch is full. Joining the waitlist is free: when a seat opens we hold it for you for 24 hours and you pay then (with a plan, the seat is yours at once).',
    )
    expect(waitlistJoinedMessage({ mentorName: 'Aarav Mehta', position: null, holdHours: 24, hasPlan: true })).toBe(
      'You’re on Aarav Mehta’s waitlist. Joining is free; when a seat opens it is yours at once, paid by your plan.',
    )
  })
})
