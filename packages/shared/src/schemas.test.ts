import { describe, expect, it } from 'vitest'
import { MESSAGES } from './messages'
import { bookingFormSchema, countWords, newsletterSchema, refundFeedbackSchema } from './schemas'

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message

describe('booking form', () => {
  it('accepts a complete form', () => {
    const r = bookingFormSchema.safeParse({ name: ' Priya ', contact: '9876543210', mentorId: '3' })
    expect(r.success).toBe(true)
    expect(r.data?.name).toBe('Priya')
  })

  it('says "Please fill in all fields." for a missing field', () => {
    expect(firstMessage(bookingFormSchema.safeParse({ name: '', contact: '9876543210', mentorId: '3' }))).toBe(MESSAGES.MISSING_FIELDS)
    expect(firstMessage(bookingFormSchema.safeParse({ name: 'A', contact: '9876543210' }))).toBe(MESSAGES.MISSING_FIELDS)
    expect(firstMessage(bookingFormSchema.safeParse({ name: 'A', contact: '', mentorId: '1' }))).toBe(MESSAGES.MISSING_FIELDS)
  })

  it('wants exactly ten digits for the contact', () => {
    for (const bad of ['98765', '98765432101', '98765-43210', 'abcdefghij', '+919876543210']) {
      expect(firstMessage(bookingFormSchema.safeParse({ name: 'A', contact: bad, mentorId: '1' }))).toBe(MESSAGES.INVALID_PHONE)
    }
  })
})

describe('refund feedback', () => {
  it('requires a reason', () => {
    expect(firstMessage(refundFeedbackSchema.safeParse({ reason: '' }))).toBe(MESSAGES.SELECT_REASON)
    expect(firstMessage(refundFeedbackSchema.safeParse({ reason: 'Because' }))).toBe(MESSAGES.SELECT_REASON)
  })

  it('allows up to 50 words for "Other" and refuses 51', () => {
    const fifty = Array.from({ length: 50 }, () => 'word').join(' ')
    expect(refundFeedbackSchema.safeParse({ reason: 'Other (please share below)', feedback: fifty }).success).toBe(true)
    expect(firstMessage(refundFeedbackSchema.safeParse({ reason: 'Other (please share below)', feedback: `${fifty} more` }))).toBe(
      MESSAGES.FEEDBACK_TOO_LONG,
    )
  })

  it('keeps feedback text sent with any reason: the box is always there (docs/decisions/181)', () => {
    const r = refundFeedbackSchema.safeParse({ reason: "Timing didn't work for me", feedback: 'Weekends are exams.' })
    expect(r.success).toBe(true)
    expect(r.data?.feedback).toBe('Weekends are exams.')
  })

  it('counts words split on whitespace', () => {
    expect(countWords('')).toBe(0)
    expect(countWords('  one\ttwo\n three  ')).toBe(3)
  })
})

describe('newsletter', () => {
  it('normalises the e-mail and rejects a bad one', () => {
    expect(newsletterSchema.parse({ name: 'A', email: ' Priya@Example.COM ' }).email).toBe('priya@example.com')
    expect(newsletterSchema.safeParse({ name: 'A', email: 'not-an-email' }).success).toBe(false)
  })
})
