import { MENTOR_APPLICATION_MESSAGES, mentorApplicationSchema } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { submitMentorApplication } from '../../../services/mentorApplications/submit'

/**
 * POST /api/mentor-applications/apply { name, email, company, role, years, profileUrl, topics, why }:
 * the site's "Become a mentor" form. Server to server only (service key): the site's action limits
 * applications per visitor address before it calls, so nobody fills the list by calling the CMS.
 */
export const applyEndpoint = endpoint({
  path: '/apply',
  method: 'post',
  auth: 'service',
  body: mentorApplicationSchema,
  maxBodyBytes: 16 * 1024,
  failure: MENTOR_APPLICATION_MESSAGES.FAILED,
  handler: async ({ req, body }) => {
    const application = await submitMentorApplication(req, body)
    return json({ status: 'submitted', id: application.id, message: MENTOR_APPLICATION_MESSAGES.SUBMITTED }, { status: 201 })
  },
})
