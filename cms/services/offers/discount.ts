/**
 * What a discount code takes off a price, in paise (pure; decision 195). Percent off rounds to the
 * nearest paisa; rupees off are the staff's rupees in paise. Whatever the code, the student pays at
 * least ₹1 (the gateway's smallest order), so a code never makes a plan free.
 */
export const MAX_PERCENT_OFF = 90
export const LEAST_AMOUNT_PAISE = 100

export type DiscountRule = { kind: 'percent' | 'flat'; percentOff?: number | null; amountOff?: number | null }

export function discountFor(rule: DiscountRule, listAmount: number): number {
  if (!Number.isInteger(listAmount) || listAmount < LEAST_AMOUNT_PAISE) return 0
  const wanted =
    rule.kind === 'percent'
      ? Math.round((listAmount * Math.min(Math.max(Number(rule.percentOff ?? 0), 0), MAX_PERCENT_OFF)) / 100)
      : Math.round(Math.max(Number(rule.amountOff ?? 0), 0) * 100)
  return Math.min(wanted, listAmount - LEAST_AMOUNT_PAISE)
}
