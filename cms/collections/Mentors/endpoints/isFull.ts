import { idSchema } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { handle, json, parseOr400 } from '../../../lib/endpoint'
import { seatStatus } from '../../Bookings/endpoints/seatStatus'

/** GET /api/mentors/:id/is-full — SPEC: {isFull}; also capacity, booked, seatsLeft. Public (published mentors only). */
export const isFullEndpoint: Endpoint = {
  path: '/:id/is-full',
  method: 'get',
  handler: handle('Failed to check the mentor’s seats', async (req) =>
    json(await seatStatus(req, parseOr400(idSchema, req.routeParams?.id))),
  ),
}
