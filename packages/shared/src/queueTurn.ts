import { formatDateRange } from './dates'
import type { BatchSummary } from './mentors'

/**
 * Why the seating passes a student in line over for a batch (cms/services/batches/passedOver.ts,
 * the one rule): their own seat or held seat there, a seat they gave up there, one seat at a time
 * (a seat in a batch of the same days, or a seat held for them elsewhere), a held seat there that ran out.
 */
export const PASSED_OVER_REASONS = [
  'seated-here',
  'gave-up-here',
  'holding-here',
  'offer-closed-here',
  'seated-elsewhere',
  'holding-elsewhere',
  'offer-lapsed-here',
] as const
export type PassedOverReason = (typeof PASSED_OVER_REASONS)[number]

/** Where the student's other seat is (for "seated with Priya Nair in the December 2026 batch"). */
export type SeatElsewhere = { mentorName: string; batchLabel: string }

/**
 * When a student in a mentor's queue can be offered a seat: in a batch that takes students now, from
 * the batch after it (and why), or once the mentor opens a batch.
 */
export type QueueTurn =
  | { when: 'this-batch'; batch: BatchSummary }
  | { when: 'next-batch'; batch: BatchSummary; reason: PassedOverReason; elsewhere: SeatElsewhere | null }
  | { when: 'no-batch' }

const batchName = (b: BatchSummary) => `the ${b.label} batch (${formatDateRange(b.startsOn, b.endsOn)})`

/** Why the student is passed over for the batch, as a clause ("you have a seat with …"). */
export function passedOverText(reason: PassedOverReason, elsewhere: SeatElsewhere | null): string {
  const there = elsewhere ? `with ${elsewhere.mentorName} in the ${elsewhere.batchLabel} batch` : 'with another mentor'
  switch (reason) {
    case 'seated-elsewhere':
      return `you have a seat ${there}, and a student takes one seat at a time`
    case 'holding-elsewhere':
      return `a seat ${there} is held for you, and a student takes one seat at a time`
    case 'gave-up-here':
      return 'you gave up your seat in it'
    case 'offer-lapsed-here':
      return 'the seat held for you in it ran out (with a credit, a plan bought while you wait, a seat that opens in it is yours at once)'
    case 'holding-here':
      return 'a seat in it is held for you'
    case 'seated-here':
    case 'offer-closed-here':
      return 'you already had your turn in it'
  }
}

/**
 * The queue card's sentence: the place, and when a seat can be offered (this batch, or from the next
 * one and why). Derived from the seating's own answer, never guessed beside it.
 */
export function queueTurnText(turn: QueueTurn, position: number | null): string {
  const place = position ? `You are number ${position} in the queue.` : 'You are in the queue.'
  switch (turn.when) {
    case 'this-batch':
      return `${place} You can be offered a seat in ${batchName(turn.batch)}: we will e-mail you when one opens.`
    case 'next-batch':
      return `${place} You are not offered a seat in ${batchName(turn.batch)}: ${passedOverText(turn.reason, turn.elsewhere)}. Your turn comes from the batch after it; we will e-mail you when a seat opens then.`
    case 'no-batch':
      return `${place} No batch takes students now: you can be offered a seat when the mentor opens the next one, and we will e-mail you then.`
  }
}
