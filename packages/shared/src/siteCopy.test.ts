import { describe, expect, it } from 'vitest'
import { copyrightYear, earlyBirdBanner } from './siteCopy'

describe('copyrightYear', () => {
  it('is the year in India now', () => {
    expect(copyrightYear(new Date('2027-06-01T10:00:00Z'))).toBe(2027)
  })
  it('turns over at midnight in India, not in UTC', () => {
    // 31 Dec 2026, 19:00 UTC is already 1 Jan 2027, 00:30 in India.
    expect(copyrightYear(new Date('2026-12-31T19:00:00Z'))).toBe(2027)
    expect(copyrightYear(new Date('2026-12-31T18:00:00Z'))).toBe(2026)
  })
})

describe('earlyBirdBanner', () => {
  const section = { banner: 'Early Bird Offer - Limited Time Only!', bannerEndsAt: '2026-12-31T18:29:59.000Z' }

  it('shows the text with its end date before the end', () => {
    expect(earlyBirdBanner(section, new Date('2026-12-01T00:00:00Z'))).toEqual({
      text: 'Early Bird Offer - Limited Time Only!',
      until: '31 Dec 2026',
    })
  })
  it('hides itself from the end on', () => {
    expect(earlyBirdBanner(section, new Date('2026-12-31T18:29:59.000Z'))).toBeNull()
    expect(earlyBirdBanner(section, new Date('2027-01-05T00:00:00Z'))).toBeNull()
  })
  it('without an end date it stays, without "until"', () => {
    expect(earlyBirdBanner({ banner: 'Offer', bannerEndsAt: null }, new Date('2030-01-01T00:00:00Z'))).toEqual({
      text: 'Offer',
      until: null,
    })
  })
  it('without an end date it says no urgency: "Limited time" needs an end', () => {
    const at = new Date('2030-01-01T00:00:00Z')
    for (const banner of ['Early Bird Offer - Limited Time Only!', 'Early Bird Offer: limited-time offer', 'Early Bird Offer. Hurry!'])
      expect(earlyBirdBanner({ banner, bannerEndsAt: null }, at)).toEqual({ text: 'Early Bird Offer', until: null })
    expect(earlyBirdBanner({ banner: 'Limited Time Only!', bannerEndsAt: null }, at)).toBeNull()
    // With an end, the words stand: the date makes them true.
    expect(earlyBirdBanner({ banner: 'Early Bird Offer - Limited Time Only!', bannerEndsAt: '2030-02-01T00:00:00Z' }, at)?.text).toBe(
      'Early Bird Offer - Limited Time Only!',
    )
  })
  it('without text there is no banner', () => {
    expect(earlyBirdBanner({ banner: '  ', bannerEndsAt: null }, new Date())).toBeNull()
    expect(earlyBirdBanner(null, new Date())).toBeNull()
  })
})
