import type { MentorRating } from './ratings'
/**
 * A mentor's seats in their open batch (cms/services/seats/seatState.ts is the one place that
 * computes it): `full` when every seat is taken or held, `paused` when staff stopped new bookings,
 * `open` when a student can book a seat now. A mentor that is not open (full, paused, or with no
 * open batch) is in waitlist mode.
 */
export type SeatState = {
  capacity: number
  /** Confirmed seats in the open batch. */
  booked: number
  /** Seats held for a student (a seat offer or a continuing student's hold) in the open batch. */
  held: number
  seatsLeft: number
  full: boolean
  paused: boolean
  open: boolean
  /** The batch students book now (null when the mentor has none open: waitlist mode). */
  batch: BatchSummary | null
  /**
   * When the batch after `batch` opens (ISO): the day `batch` starts, when the mentor opens their
   * next batch by themselves (cms/services/batches/lifecycle.ts). The waiting are seated in it
   * first, in their order. Null when there is no open batch or staff open the next one by hand.
   */
  nextBatchOpensOn: string | null
}

/**
 * When a mentor's open batch meets, from the sessions laid out in it (cancelled ones left out):
 * how many, the first one's time, and the India-time weekdays they fall on (ISO: 1 Monday … 7
 * Sunday). Null until the sessions are laid out.
 */
export type BatchSchedule = { sessions: number; firstAt: string; weekdays: number[] }

/** A batch as students see it: its name and the days it runs (midnight India time, ISO). */
export type BatchSummary = { id: number; label: string; startsOn: string; endsOn: string }

/** What a mentor's button offers, from the seat state: the one label everywhere on the site. */
export type SeatAction = 'book' | 'waitlist'
export const seatAction = (seats: Pick<SeatState, 'open'>): SeatAction => (seats.open ? 'book' : 'waitlist')

/** One published mentor as `GET /api/mentors/availability` returns it: the public card and its seats. */
export type MentorAvailability = SeatState & {
  id: number
  name: string
  photoUrl: string | null
  profession: string
  company: string
  skills: string
  /** The public profile text ('' when the mentor wrote none). */
  bio: string
  /** An https LinkedIn address (validated in the CMS), or null. */
  linkedin: string | null
  /** The spec's flag: true in waitlist mode (not open for booking). */
  isFull: boolean
  /** The students' average and count from RATINGS_FOR_CARD ratings; null ("New mentor") before. */
  rating: MentorRating
  /** When the open batch meets (null: no open batch, or its sessions are not laid out yet). */
  schedule: BatchSchedule | null
}

/**
 * A mentor's public profile address part: `<kebab-name>-<id>` ("Priya Sharma", 7 → "priya-sharma-7").
 * The id decides; the name part is for people and search engines (a wrong one redirects).
 */
export function mentorSlug(mentor: { id: number; name: string }): string {
  const name = mentor.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return name ? `${name}-${mentor.id}` : String(mentor.id)
}

/** The public profile path of a mentor. */
export const mentorProfilePath = (mentor: { id: number; name: string }): string => `/mentor/${mentorSlug(mentor)}`

/** The mentor id in a profile slug, or null when the slug is malformed (→ 404). */
export function parseMentorSlug(slug: string): number | null {
  const match = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*-)?([1-9][0-9]{0,9})$/.exec(slug)
  if (!match) return null
  const id = Number(match[1])
  return id <= 2_147_483_647 ? id : null
}

/**
 * A mentor card on the landing page and in the directory: the public profile fields a card shows
 * and the seats (no bio, no LinkedIn: the profile page has those).
 */
export type MentorCard = Omit<MentorAvailability, 'bio' | 'linkedin'>

/** The directory's filters (GET /api/mentors/directory and the site's /find-mentors URL). */
export type MentorDirectoryQuery = { company: string; skill: string; q: string; page: number; limit: number }

/** One page of the directory: the cards, where it stands, and what the filters offer. */
export type MentorDirectoryPage = {
  docs: MentorCard[]
  totalDocs: number
  page: number
  totalPages: number
  limit: number
  /** Companies of every published mentor; skills of the published mentors at the chosen company (all when none). */
  options: { companies: string[]; skills: string[] }
}

/** The landing page's selection: featured mentors first, then those with open seats, at most `limit`. */
export type MentorHighlights = {
  docs: MentorCard[]
  /** The mentor asked for with `include` when it is not among `docs` (the booking form's choice). */
  included: MentorCard | null
}
