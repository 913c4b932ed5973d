import { formatDateRange, formatDateTime } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { renderEmail } from '../../notifications/layout'
import { type EmailMessage, queueEmail } from '../../notifications/queueEmail'

/**
 * The e-mails of batches and seat offers. Each goes to one student and names only their own seat;
 * queued with `req`, so a rolled-back step sends nothing and a step that only one worker can win
 * sends each e-mail once. The `...Email` builders make the message; steps that send many queue them
 * together (queueEmails).
 */
type Recipient = { email: string; name?: string | null }
type BatchRef = { label: string; startsOn: Date; endsOn: Date }

const greeting = (to: Recipient) => `Hi ${to.name?.trim() || 'there'},`
const dashboard = () => ({ label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` })
const dates = (b: BatchRef) => formatDateRange(b.startsOn, b.endsOn)

export const batchOpenedEmail = (to: Recipient, mentorName: string, batch: BatchRef, position: number | null): EmailMessage => ({
  to: to.email,
  template: 'batch-opened',
  ...renderEmail({
    subject: `${mentorName}'s ${batch.label} batch is open`,
    greeting: greeting(to),
    paragraphs: [
      `${mentorName} opened a new batch, ${batch.label} (${dates(batch)}).`,
      `Its seats go to continuing students first and then to the waitlist in order${position ? `; you are number ${position}` : ''}. We will e-mail you the moment a seat is yours or held for you.`,
    ],
    action: dashboard(),
  }),
})

export function seatConfirmedEmail(
  to: Recipient,
  mentorName: string,
  batch: BatchRef,
  how: 'waitlist' | 'continuing' | 'offer',
): EmailMessage {
  const why =
    how === 'continuing'
      ? `You are continuing with ${mentorName}: your seat in the ${batch.label} batch (${dates(batch)}) is confirmed.`
      : how === 'offer'
        ? `You claimed your seat: it is confirmed in ${mentorName}'s ${batch.label} batch (${dates(batch)}).`
        : `A seat opened in ${mentorName}'s ${batch.label} batch (${dates(batch)}) and you were next on the waitlist, so it is now booked for you.`
  return {
    to: to.email,
    template: how === 'waitlist' ? 'waitlist-seat-assigned' : 'seat-confirmed',
    ...renderEmail({
      subject: `Your seat with ${mentorName} is confirmed (${batch.label})`,
      greeting: greeting(to),
      paragraphs: [why, 'Your mentor schedules the sessions; they will appear on your dashboard with the meeting link.'],
      action: dashboard(),
    }),
  }
}

export async function emailSeatConfirmed(
  req: PayloadRequest,
  to: Recipient,
  mentorName: string,
  batch: BatchRef,
  how: 'waitlist' | 'continuing' | 'offer',
) {
  await queueEmail(req, seatConfirmedEmail(to, mentorName, batch, how))
}

export function seatOfferedEmail(
  to: Recipient,
  mentorName: string,
  batch: BatchRef,
  expiresAt: Date,
  kind: 'waitlist' | 'continuing',
): EmailMessage {
  const until = formatDateTime(expiresAt)
  return {
    to: to.email,
    template: 'seat-offer',
    ...renderEmail({
      subject: `A seat with ${mentorName} is held for you until ${until}`,
      greeting: greeting(to),
      paragraphs:
        kind === 'continuing'
          ? [
              `We are holding your seat in ${mentorName}'s next batch, ${batch.label} (${dates(batch)}), until ${until}.`,
              'Renew from your dashboard before then: your new plan pays for this batch and the seat is yours. If you do not want it, decline it there so the next student gets it.',
            ]
          : [
              `A seat opened in ${mentorName}'s ${batch.label} batch (${dates(batch)}) and you are next in line. It is held for you until ${until}.`,
              'Claim it from your dashboard: choose a plan, pay, and the seat is yours (the plan pays for this batch). After that time it passes to the next student, and you keep your place in the queue.',
            ],
      action: { label: 'Claim your seat', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
    }),
  }
}

export const batchCompletedEmail = (to: Recipient, mentorName: string, batch: BatchRef): EmailMessage => ({
  to: to.email,
  template: 'batch-completed',
  ...renderEmail({
    subject: `${mentorName}'s ${batch.label} batch is complete`,
    greeting: greeting(to),
    paragraphs: [
      `Your ${batch.label} batch with ${mentorName} has ended. Thank you for taking part.`,
      'If you renewed, your seat in the next batch is on your dashboard; otherwise you can book a seat again any time.',
    ],
    action: dashboard(),
  }),
})
