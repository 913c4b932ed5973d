import { idParamsSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { claimOffer, declineOffer } from '../../../services/batches/offers'
import { listOffersOf } from '../../../services/batches/views'

/** POST /api/seat-offers/:id/claim — the student takes the seat held for them (they need a plan: 402 otherwise, with `requiresPayment`). */
export const claimOfferEndpoint = endpoint({
  path: '/:id/claim',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeSeatOffer'),
  params: idParamsSchema,
  failure: 'The seat could not be claimed right now.',
  handler: async ({ req, user, params }) => {
    const booking = await claimOffer(req, params.id, user)
    return { message: 'The seat is yours.', booking: { id: booking.id, status: booking.status } }
  },
})

/** POST /api/seat-offers/:id/decline — the student gives the held seat up; it goes to the next in line. */
export const declineOfferEndpoint = endpoint({
  path: '/:id/decline',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeSeatOffer'),
  params: idParamsSchema,
  failure: 'The seat could not be declined right now.',
  handler: async ({ req, user, params }) => {
    await declineOffer(req, params.id, user)
    return { message: 'You declined the seat; it goes to the next student in line.' }
  },
})

/** GET /api/seat-offers/mine — the caller's seats held for them, with their mentor, batch and time left. */
export const myOffersEndpoint = endpoint({
  path: '/mine',
  method: 'get',
  auth: 'user',
  failure: 'Failed to load your seat offers',
  handler: async ({ req, user }) => ({ offers: await listOffersOf(req, user.id) }),
})
