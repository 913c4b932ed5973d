import type { BatchStatus, OfferStatus } from './constants'

/** A batch on a student's or mentor's screen. */
export type BatchView = { id: number; label: string; startsOn: string; endsOn: string; status: BatchStatus }

/** A seat held for the student (docs/decisions/045-batches-in-time.md), as the dashboard shows it. */
export type SeatOfferView = {
  id: number
  kind: 'waitlist' | 'continuing'
  status: OfferStatus
  expiresAt: string
  mentor: { id: number; name: string }
  batch: BatchView
}

/** The student's mentorship plan as the dashboard shows it: until when, and whether renewal is open. */
export type PlanTimeline = {
  hasActivePlan: boolean
  plan: { id: number; code: string; name: string } | null
  expiresAt: string | null
  /** The end of the student's latest window (a renewal included), and when renewal opens. */
  latestEndsAt: string | null
  renewalOpensAt: string | null
  renewalOpen: boolean
}
