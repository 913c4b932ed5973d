import { describe, expect, it } from 'vitest'
import { discountLine, normalizeDiscountCode } from './discountWords'
import { discountQuoteRequestSchema } from './payments'
import { earlyBirdBanner } from './siteCopy'

describe('discount codes in words', () => {
  it('reads a typed code in capitals and says the discount in rupees', () => {
    expect(normalizeDiscountCode('  early20 ')).toBe('EARLY20')
    expect(discountLine({ code: 'EARLY20', amount: 12_000 })).toBe('Discount code EARLY20: −₹120')
    expect(discountQuoteRequestSchema.parse({ code: ' early-20 ' })).toEqual({ code: 'EARLY-20' })
    expect(discountQuoteRequestSchema.safeParse({ code: 'no spaces' }).success).toBe(false)
  })

  it('a banner that names a code ends with it: at the earlier end, or when the code is switched off', () => {
    const section = {
      banner: 'Early-bird: 20% off',
      bannerEndsAt: '2026-12-20T18:30:00.000Z',
      bannerCode: { code: 'EARLY20', endsAt: '2026-12-10T18:30:00.000Z', active: true },
    }
    expect(earlyBirdBanner(section, new Date('2026-12-01T00:00:00Z'))).toEqual({
      text: 'Early-bird: 20% off',
      until: '11 Dec 2026',
      code: 'EARLY20',
    })
    expect(earlyBirdBanner(section, new Date('2026-12-10T18:30:00.000Z'))).toBeNull()
    expect(
      earlyBirdBanner({ ...section, bannerCode: { ...section.bannerCode, active: false } }, new Date('2026-12-01T00:00:00Z')),
    ).toBeNull()
    // A code without an end: no urgency words, as any banner without an end.
    expect(
      earlyBirdBanner(
        { banner: '20% off, limited time only', bannerCode: { code: 'EARLY20', endsAt: null, active: true } },
        new Date('2026-12-01T00:00:00Z'),
      ),
    ).toEqual({ text: '20% off', until: null, code: 'EARLY20' })
  })
})
