import { formatDateTime } from '@mentorloop/shared'
import { AppError } from '../../lib/errors'

/**
 * Why a discount code is refused, with a stable code each and the words the student reads
 * (decision 195). Each is said before paying: at "Apply" and again when the order is created.
 */
export const discountErrors = {
  unknown: (code: string) => new AppError('DISCOUNT_CODE_UNKNOWN', 404, `There is no discount code “${code}”.`),
  notStarted: (code: string, startsAt: Date) =>
    new AppError('DISCOUNT_CODE_NOT_STARTED', 409, `The code ${code} starts on ${formatDateTime(startsAt)}.`),
  ended: (code: string, endsAt: Date) => new AppError('DISCOUNT_CODE_ENDED', 409, `The code ${code} ended on ${formatDateTime(endsAt)}.`),
  notForPlan: (code: string, planName: string) =>
    new AppError('DISCOUNT_CODE_NOT_FOR_PLAN', 409, `The code ${code} is not for ${planName}.`),
  notForAnyPlan: (code: string) => new AppError('DISCOUNT_CODE_NOT_FOR_PLAN', 409, `The code ${code} is not for any plan on sale.`),
  firstPurchaseOnly: (code: string) =>
    new AppError('DISCOUNT_CODE_FIRST_PURCHASE', 409, `The code ${code} is for a first purchase only, and you have bought a plan before.`),
  usedByYou: (code: string) => new AppError('DISCOUNT_CODE_USED_BY_YOU', 409, `You have already used the code ${code}.`),
  usedUp: (code: string) =>
    new AppError('DISCOUNT_CODE_USED_UP', 409, `The code ${code} has been used up. You can still buy the plan at its full price.`),
}
