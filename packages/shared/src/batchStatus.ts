import type { SeatState } from './mentors'

/**
 * The one line that says where a mentor's batch stands, everywhere on the site (cards, lists):
 * "Next batch starts Feb 1, 2027 · 3 seats left", or "February 2027 batch: Full · join the waitlist
 * for the next batch, which opens Feb 1, 2027" (a full state names the batch and says when the
 * next one opens, issue 32). A module of its own: the landing page, whose JavaScript has a budget,
 * gets the line made by its loader and never loads this one.
 */
export function batchStatusLine(
  seats: Pick<SeatState, 'open' | 'paused' | 'seatsLeft' | 'batch' | 'nextBatchOpensOn'>,
  format: (iso: string) => string,
): string {
  if (!seats.batch) return 'Next batch not scheduled yet · join the waitlist'
  if (seats.paused) return 'Not taking bookings now · join the waitlist'
  if (!seats.open) {
    const full = `${seats.batch.label} batch: Full · join the waitlist`
    return seats.nextBatchOpensOn ? `${full} for the next batch, which opens ${format(seats.nextBatchOpensOn)}` : full
  }
  return `Next batch starts ${format(seats.batch.startsOn)} · ${seats.seatsLeft} ${seats.seatsLeft === 1 ? 'seat' : 'seats'} left`
}
