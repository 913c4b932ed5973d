import { MENTOR_APPLICATION_MESSAGES, type MentorApplicationInput, OPEN_MENTOR_APPLICATION_STATUSES } from '@mentorloop/shared'
import type { MentorApplication } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction, newRequest } from '../../lib/transaction'
import { queueEmail } from '../../notifications/queueEmail'
import { applicationReceivedEmail } from './emails'

export const applicationAlreadyOpen = () =>
  new AppError('APPLICATION_ALREADY_OPEN', 409, MENTOR_APPLICATION_MESSAGES.ALREADY_OPEN, { title: 'Already applied' })

async function openApplicationOf(req: PayloadRequest, email: string): Promise<boolean> {
  const { totalDocs } = await req.payload.count({
    collection: 'mentor-applications',
    where: { email: { equals: email }, status: { in: [...OPEN_MENTOR_APPLICATION_STATUSES] } },
    overrideAccess: true,
    req,
  })
  return totalDocs > 0
}

/**
 * Stores a visitor's application and queues its receipt, in one transaction. One open application
 * (submitted or under review) per e-mail: a second is refused with a sentence that says so. The
 * partial unique index `mentor_applications_one_open_per_email` settles two at once.
 */
export async function submitMentorApplication(req: PayloadRequest, input: MentorApplicationInput): Promise<MentorApplication> {
  try {
    return await inTransaction(req, async () => {
      if (await openApplicationOf(req, input.email)) throw applicationAlreadyOpen()
      const application = (await req.payload.create({
        collection: 'mentor-applications',
        data: { ...input, status: 'submitted' },
        depth: 0,
        // Nobody creates applications over REST: the endpoint has checked the site's service key.
        overrideAccess: true,
        req,
      })) as MentorApplication
      const { key, ...message } = applicationReceivedEmail(application)
      await queueEmail(req, message, { key })
      return application
    })
  } catch (error) {
    if (error instanceof AppError) throw error
    // The other of two simultaneous applications won the unique index.
    if (await openApplicationOf(await newRequest(req.payload), input.email).catch(() => false)) throw applicationAlreadyOpen()
    throw error
  }
}
