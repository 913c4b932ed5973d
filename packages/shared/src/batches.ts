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

/**
 * What one completed mentorship payment covers (docs/decisions/069-a-plan-pays-for-one-batch.md):
 * a seat in one batch, or a credit that the student's next seat uses (refunded automatically after
 * `creditUntil` if no seat came).
 */
export type PlanCoverage =
  | {
      kind: 'seat'
      paymentId: number
      plan: { id: number; code: string; name: string }
      batch: { id: number; label: string; startsOn: string; endsOn: string; status: BatchStatus }
      mentor: { id: number; name: string }
      sessions: number
    }
  | {
      kind: 'credit'
      paymentId: number
      plan: { id: number; code: string; name: string }
      creditUntil: string
      /** Granted by an admin (nothing paid): it lapses unused instead of being refunded. */
      complimentary?: boolean
    }

/** The student's mentorship plans as the dashboard shows them: what each covers, and when renewal opens. */
export type PlanTimeline = {
  /** A credit, or a seat in a batch that has not ended. */
  hasActivePlan: boolean
  /** The plan of the first coverage (the seat running now, else the next one, else the credit). */
  plan: { id: number; code: string; name: string } | null
  /** When that coverage ends: the batch's last day, or the credit's deadline. */
  expiresAt: string | null
  /** The end of the last thing the student's plans cover. */
  latestEndsAt: string | null
  /** Renewal (paying for the next batch with the same mentor) opens 7 days before the running batch ends. */
  renewalOpensAt: string | null
  renewalOpen: boolean
  coverage: PlanCoverage[]
}

/** Something that changed for the student without their doing it, as the dashboard lists it (docs/decisions/069). */
export type NoticeView = { id: number; kind: string; title: string; body: string; createdAt: string }
