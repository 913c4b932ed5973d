import { formatDate } from '@mentorloop/shared'
import type { Session } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook } from 'payload'
import { env } from '../../../lib/env'
import { renderEmail } from '../../../notifications/layout'
import { queueEmail } from '../../../notifications/queueEmail'

const when = (iso: string) => formatDate(iso, 'full')

/** Tells each student seated in the session's batch (one e-mail each) that a session was scheduled or moved. */
export const emailSessionScheduled: CollectionAfterChangeHook<Session> = async ({ doc, previousDoc, operation, req }) => {
  const moved = operation === 'update' && previousDoc?.startsAt !== doc.startsAt
  if (operation !== 'create' && !moved) return doc
  const mentorId = typeof doc.mentor === 'object' && doc.mentor ? doc.mentor.id : Number(doc.mentor)
  const batchId = typeof doc.batch === 'object' ? doc.batch.id : doc.batch
  const { docs: bookings } = await req.payload.find({
    collection: 'bookings',
    where: { batch: { equals: batchId }, status: { equals: 'confirmed' } },
    depth: 1,
    pagination: false,
    overrideAccess: true,
    req,
  })
  const mentor = await req.payload.findByID({ collection: 'mentors', id: mentorId, depth: 0, overrideAccess: true, req })
  for (const booking of bookings) {
    const user = typeof booking.user === 'object' ? booking.user : null
    if (!user?.email) continue
    await queueEmail(req, {
      to: user.email,
      template: 'session-scheduled',
      ...renderEmail({
        subject: `${moved ? 'Session moved' : 'Session scheduled'}: ${doc.title} with ${mentor.name}`,
        greeting: `Hi ${user.name?.trim() || 'there'},`,
        paragraphs: [
          `${mentor.name} has ${moved ? 'moved' : 'scheduled'} "${doc.title}" to ${when(doc.startsAt)} (India time, ${doc.durationMinutes} minutes).`,
          doc.meetingLink ? `Join here: ${doc.meetingLink}` : 'The meeting link will follow.',
        ],
        action: { label: 'See it on your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
      }),
    })
  }
  return doc
}
