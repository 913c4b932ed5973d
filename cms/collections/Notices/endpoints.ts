import { endpoint } from '../../lib/endpoint'
import { listNoticesOf } from '../../services/notices/tell'

/** GET /api/notices/mine — what changed for the caller lately (their last 20 notices), newest first. */
export const myNoticesEndpoint = endpoint({
  path: '/mine',
  method: 'get',
  auth: 'user',
  failure: 'Failed to load your notices',
  handler: async ({ req, user }) => ({ notices: await listNoticesOf(req, user.id) }),
})
