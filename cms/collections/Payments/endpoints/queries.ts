import type { Endpoint } from 'payload'
import { z } from 'zod'
import { hasPlanByCode } from '../../../services/payments'
import { PaymentError } from '../../../services/payments/errors'
import { paymentHistory } from '../../../services/payments/paymentHistory'
import { failure, json, subjectUserId } from './http'

const planType = z
  .string()
  .trim()
  .max(40)
  .regex(/^[A-Z0-9_]*$/, 'Unknown plan.')
  .optional()

/** GET /api/payments/has-plan?email=&planType= — own data only (admins: anyone's). */
export const hasPlanEndpoint: Endpoint = {
  path: '/has-plan',
  method: 'get',
  handler: async (req) => {
    try {
      const userId = await subjectUserId(req, req.searchParams.get('email'))
      const parsed = planType.safeParse(req.searchParams.get('planType') || undefined)
      if (!parsed.success) throw new PaymentError('INVALID_INPUT', 400, 'Unknown plan.')
      return json(await hasPlanByCode(req, userId, parsed.data))
    } catch (error) {
      return failure(req, error, 'Failed to check plan')
    }
  },
}

/** GET /api/payments/history?email= — own data only (admins: anyone's). */
export const historyEndpoint: Endpoint = {
  path: '/history',
  method: 'get',
  handler: async (req) => {
    try {
      const userId = await subjectUserId(req, req.searchParams.get('email'))
      return json(await paymentHistory(req, userId))
    } catch (error) {
      return failure(req, error, 'Failed to load payment history')
    }
  },
}
