import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'

type Recipient = { email: string; name?: string | null }

const greeting = (to: Recipient) => `Hi ${to.name?.trim() || 'there'},`
const dashboard = () => ({ label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` })

/**
 * The booking e-mails. Each goes to one student only and names only that student's own booking;
 * queued with `req`, so a rolled-back booking sends nothing.
 */
export async function emailBookingConfirmed(req: PayloadRequest, to: Recipient, mentorName: string) {
  await queueEmail(req, {
    to: to.email,
    template: 'booking-confirmed',
    ...renderEmail({
      subject: `Your seat with ${mentorName} is confirmed`,
      greeting: greeting(to),
      paragraphs: [
        `Your seat in ${mentorName}'s next weekend batch is booked.`,
        'The timings for the session will be informed by the mentor soon; they will also appear on your dashboard.',
      ],
      action: dashboard(),
    }),
  })
}

export async function emailAddedToWaitlist(req: PayloadRequest, to: Recipient, mentorName: string, position: number | null) {
  await queueEmail(req, {
    to: to.email,
    template: 'waitlist-joined',
    ...renderEmail({
      subject: `You are on ${mentorName}'s waitlist`,
      greeting: greeting(to),
      paragraphs: [
        `${mentorName}'s current batch is full, so you have been added to the waitlist${position ? ` (place ${position} in the queue)` : ''}.`,
        'When a seat opens, students on the waitlist with an active plan get it in the order they joined. We will e-mail you if you get one.',
      ],
      action: dashboard(),
    }),
  })
}

export async function emailSeatAssigned(req: PayloadRequest, to: Recipient, mentorName: string) {
  await queueEmail(req, {
    to: to.email,
    template: 'waitlist-seat-assigned',
    ...renderEmail({
      subject: `A seat with ${mentorName} opened up: it is yours`,
      greeting: greeting(to),
      paragraphs: [
        `Good news: a seat opened in ${mentorName}'s batch and you were next on the waitlist, so it is now booked for you.`,
        'The timings for the session will be informed by the mentor soon; they will also appear on your dashboard.',
      ],
      action: dashboard(),
    }),
  })
}
