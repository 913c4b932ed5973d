import { idParamsSchema, mentorApplicationDecisionSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { decideMentorApplication } from '../../../services/mentorApplications/decide'

/**
 * POST /api/mentor-applications/:id/decide { decision: 'review' | 'accept' | 'decline', reason }:
 * the review buttons in /admin. Staff and admins; accepting is an admin's (the service checks).
 */
export const decideMentorApplicationEndpoint = endpoint({
  path: '/:id/decide',
  method: 'post',
  auth: 'user',
  params: idParamsSchema,
  body: mentorApplicationDecisionSchema,
  failure: 'The decision could not be saved.',
  handler: async ({ req, params, body }) => {
    const { application, changed } = await decideMentorApplication(req, params.id, body)
    return {
      success: true,
      changed,
      application: {
        id: application.id,
        status: application.status,
        mentor: application.mentor ?? null,
        user: application.user ?? null,
      },
    }
  },
})
