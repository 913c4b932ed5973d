import {
  MENTOR_APPLICATION_STATUS_NOT_FOUND,
  type MentorApplicationStatus,
  type MentorApplicationStatusView,
  mentorApplicationStatusQuery,
} from '@mentorloop/shared'
import type { MentorApplication } from '@mentorloop/shared/payload-types'
import { endpoint, json } from '../../../lib/endpoint'
import { commonErrors } from '../../../lib/errors'
import { isStatusSignature } from '../../../services/mentorApplications/statusLink'

/**
 * GET /api/mentor-applications/status?application=…&key=…: an application's state for the
 * applicant's status page on the site (the link in their receipt). Server to server (service key);
 * a link whose key does not match is the same 404 as an application that does not exist.
 */
export const applicationStatusEndpoint = endpoint({
  path: '/status',
  method: 'get',
  auth: 'service',
  query: mentorApplicationStatusQuery,
  failure: 'The application could not be read right now.',
  handler: async ({ req, query }) => {
    const notFound = commonErrors.notFound(MENTOR_APPLICATION_STATUS_NOT_FOUND)
    if (!isStatusSignature(query.application, query.key)) throw notFound
    const application = (await req.payload.findByID({
      collection: 'mentor-applications',
      id: query.application,
      depth: 0,
      overrideAccess: true,
      disableErrors: true,
      req,
    })) as MentorApplication | null
    if (!application) throw notFound
    const view: MentorApplicationStatusView = {
      name: application.name,
      role: application.role,
      company: application.company,
      status: application.status as MentorApplicationStatus,
      appliedAt: application.createdAt,
      decidedAt: application.decidedAt ?? null,
      declineReason: application.status === 'declined' ? (application.declineReason ?? null) : null,
    }
    return json(view)
  },
})
