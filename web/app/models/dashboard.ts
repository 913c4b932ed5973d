import { type BookingView, formatDateRange, type SeatOfferView } from '@mentorloop/shared'

/**
 * What cancelling a seat does to the student's plan and money, said before they confirm
 * (docs/vocabulary.md "credit"): a seat in a batch that has not started gives the plan back as a
 * credit for the next seat; in a running batch the plan stays used for that batch.
 */
export function cancelSeatText(booking: Pick<BookingView, 'mentor' | 'batch'>): string {
  const batch = booking.batch
  const where = batch ? `${booking.mentor.name}'s ${batch.label} batch` : `${booking.mentor.name}'s batch`
  const plan =
    batch?.status === 'running'
      ? 'The batch has started, so your plan stays used for it: it does not come back and is not refunded.'
      : 'Your plan comes back as a credit: the next seat you book or are given uses it.'
  return `Your seat in ${where} goes to the next student in line. ${plan} You cannot undo this.`
}

/** The payment dialog after claiming a held seat says the seat is booked, with its batch. */
export function claimedSeatMessage(offer: Pick<SeatOfferView, 'mentor' | 'batch'>): string {
  return `Your seat with ${offer.mentor.name} in the ${offer.batch.label} batch (${formatDateRange(offer.batch.startsOn, offer.batch.endsOn)}) is booked, and your plan pays for it.`
}
