import { formatDate, istDay } from './dates'

/** The footer's copyright year: the current year in India, from the clock (never a stored number). */
export function copyrightYear(at: Date): number {
  return istDay(at).year
}

export type EarlyBirdBanner = { text: string; until: string | null; code?: string | null }

/** The discount code a banner names, as the site settings give it: its code and its end (decision 197). */
export type BannerCode = { code: string; endsAt: string | null; active: boolean }

/** Words of urgency an offer may say only when it has an end (docs/decisions/182). */
const URGENCY =
  /\s*[-–—:,|]*\s*\b(?:for a )?(?:limited[- ]time(?: only| offer)?|hurry(?: up)?|ends soon|last chance|while (?:it|stocks) lasts?)\b[!.]*/gi

/**
 * The plans section's early-bird banner as a visitor sees it at `at`: its text with "until
 * {date}" when it has an end, or nothing once the end has passed (or when there is no text).
 * Without an end it says no urgency ("Limited time only!" is left out): false urgency is a dark
 * pattern, and staff set the end date to say it. Decided per request from the clock, so a cached
 * copy of the site settings cannot keep it up.
 */
export function earlyBirdBanner(
  section: { banner?: string | null; bannerEndsAt?: string | null; bannerCode?: BannerCode | null } | null | undefined,
  at: Date,
): EarlyBirdBanner | null {
  const text = section?.banner?.trim()
  if (!text) return null
  // A banner that names a code ends with it: the earlier of its own end and the code's.
  const code = section?.bannerCode ?? null
  const ends = [section?.bannerEndsAt, code?.endsAt].filter((d): d is string => Boolean(d)).map((d) => new Date(d))
  const valid = ends.filter((d) => !Number.isNaN(d.getTime()))
  const endsAt = valid.length > 0 ? new Date(Math.min(...valid.map((d) => d.getTime()))) : null
  if (code && !code.active) return null
  const named = code ? { code: code.code } : {}
  if (!endsAt) {
    const calm = text
      .replace(URGENCY, '')
      .trim()
      .replace(/[\s.,:;–—-]+$/, '')
    return calm ? { text: calm, until: null, ...named } : null
  }
  if (at.getTime() >= endsAt.getTime()) return null
  return { text, until: formatDate(endsAt), ...named }
}
