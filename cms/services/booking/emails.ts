import { formatDateRange } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { renderEmail } from '../../notifications/layout'
import { type EmailMessage, queueEmail } from '../../notifications/queueEmail'

type Recipient = { email: string; name?: string | null }

const greeting = (to: Recipient) => `Hi ${to.name?.trim() || 'there'},`
const dashboard = () => ({ label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` })

/**
 * The booking e-mails (docs/vocabulary.md). Each goes to one student only and names only that student's own seat;
 * queued with `req`, so a rolled-back booking sends nothing.
 */
export async function emailBookingConfirmed(
  req: PayloadRequest,
  to: Recipient,
  mentorName: string,
  batch: { label: string; startsOn: Date; endsOn: Date },
) {
  await queueEmail(req, {
    to: to.email,
    template: 'booking-confirmed',
    ...renderEmail({
      subject: `Your seat with ${mentorName} is confirmed (${batch.label})`,
      greeting: greeting(to),
      paragraphs: [
        `Your seat in ${mentorName}'s ${batch.label} batch (${formatDateRange(batch.startsOn, batch.endsOn)}) is booked, and your plan pays for it.`,
        'Your mentor schedules the sessions; they appear on your dashboard with the meeting link as soon as they are set.',
      ],
      action: dashboard(),
    }),
  })
}

export async function emailAddedToWaitlist(req: PayloadRequest, to: Recipient, mentorName: string, position: number | null) {
  await queueEmail(req, waitlistJoinedEmail(to, mentorName, position))
}

/** The "you're on the waitlist" message; queued alone (emailAddedToWaitlist) or with others who joined together. */
export function waitlistJoinedEmail(to: Recipient, mentorName: string, position: number | null): EmailMessage {
  return {
    to: to.email,
    template: 'waitlist-joined',
    ...renderEmail({
      subject: `You're on ${mentorName}'s waitlist${position ? ` (number ${position})` : ''}`,
      greeting: greeting(to),
      paragraphs: [
        `${mentorName}'s batch is full, so you're on the waitlist${position ? `: number ${position}` : ''}. Joining is free.`,
        'When a seat opens, it goes to the students in line in order: if you have a plan waiting for a seat, it is yours at once; otherwise we hold it for you and you pay then. We will e-mail you either way.',
      ],
      action: dashboard(),
    }),
  }
}
