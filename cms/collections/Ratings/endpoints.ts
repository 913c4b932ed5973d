import { ratingInputSchema } from '@mentorloop/shared'
import { z } from 'zod'
import { endpoint, json } from '../../lib/endpoint'
import { perAccount } from '../../services/auth/rateLimits'
import { createRating, mentorRatingOf, myRatingCards, siteRatingFigures, updateRating } from '../../services/ratings/ratings'

const id = (what: string) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int()
    .positive(`The ${what} must be a number.`)

/** GET /api/ratings/mine — the signed-in student's rating cards (batches they may rate now, with their rating). */
const mine = endpoint({
  path: '/mine',
  method: 'get',
  auth: 'user',
  failure: 'Failed to load your ratings',
  handler: async ({ req, user }) => ({ cards: await myRatingCards(req, user.id) }),
})

/** POST /api/ratings/mine {batchId, stars, comment?, showComment?, collegeYear?} — the first rating of a batch's mentor (a second is 409). */
const rate = endpoint({
  path: '/mine',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeRating'),
  body: ratingInputSchema.extend({ batchId: id('batch') }),
  failure: 'Your rating could not be saved',
  handler: async ({ req, user, body }) => {
    const { batchId, ...input } = body
    return json({ rating: await createRating(req, user.id, batchId, input) }, { status: 201 })
  },
})

/** PATCH /api/ratings/mine/:id {stars, comment?, showComment?, collegeYear?} — the student changes their rating until the batch ends. */
const edit = endpoint({
  path: '/mine/:id',
  method: 'patch',
  auth: 'user',
  limit: perAccount('writeRating'),
  params: z.object({ id: id('rating') }),
  body: ratingInputSchema,
  failure: 'Your rating could not be saved',
  handler: async ({ req, user, params, body }) => ({ rating: await updateRating(req, user.id, params.id, body) }),
})

/** GET /api/ratings/mentor/:id — a published mentor's public rating and the recent comments shown (first name, college year). */
const ofMentor = endpoint({
  path: '/mentor/:id',
  method: 'get',
  auth: 'public',
  params: z.object({ id: id('mentor') }),
  failure: 'We could not load the ratings right now.',
  handler: async ({ req, params }) => json(await mentorRatingOf(req, params.id), { cache: 'public' }),
})

/** GET /api/ratings/site — the hero's figures from every rating, and whether the site uses them (from 20 ratings). */
const site = endpoint({
  path: '/site',
  method: 'get',
  auth: 'public',
  failure: 'We could not load the ratings right now.',
  handler: async ({ req }) => json(await siteRatingFigures(req), { cache: 'public' }),
})

export const ratingEndpoints = [mine, rate, edit, ofMentor, site]
