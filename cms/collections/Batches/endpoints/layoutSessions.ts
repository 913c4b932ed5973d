import { idParamsSchema, layoutSessionsSchema } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { layoutSessions } from '../../../services/mentorHome'

/**
 * POST /api/batches/:id/layout-sessions — "Lay out the sessions" of any batch in /admin (admins
 * only): the same service as the mentor's home (services/mentorHome/layoutSessions.ts), with
 * `preview` for the dates only.
 */
export const layoutSessionsAdminEndpoint = endpoint({
  path: '/:id/layout-sessions',
  method: 'post',
  auth: 'admin',
  params: idParamsSchema,
  body: layoutSessionsSchema.omit({ batchId: true }),
  failure: 'Failed to lay out the sessions.',
  handler: async ({ req, params, body }) => {
    const { plan, created } = await layoutSessions(req, { mentorId: null }, { ...body, batchId: params.id })
    if (body.preview) return { plan }
    return json({ message: `${created.length} sessions scheduled.`, plan, sessions: created }, { status: 201 })
  },
})
