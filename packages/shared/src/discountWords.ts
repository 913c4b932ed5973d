import { formatRupees, paiseToRupees } from './money'

/**
 * Discount codes as every screen says them (docs/vocabulary.md, "discount code"; decision 195).
 * No zod here: the landing page's plan cards import these words (decision 119's budget).
 */

/** Letters, digits, `-` and `_`, 3 to 32 of them; kept and compared in capitals. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/

/** How a typed code is read: spaces around it dropped, capitals. */
export function normalizeDiscountCode(typed: string): string {
  return typed.trim().toUpperCase()
}

/** A discount a payment carries: the code as applied and what it took off, in paise. */
export type AppliedDiscount = { code: string; amount: number }

/** What a code does to one plan's price, in paise (the server's figures, shown before paying). */
export type DiscountedPrice = { planCode: string; listAmount: number; discountAmount: number; amount: number }

/** The answer to "apply this code": its prices for the plans it is for, and when it ends. */
export type DiscountQuote = { code: string; endsAt: string | null; plans: DiscountedPrice[] }

/** "Discount code EARLY20: −₹120" — the receipt's, the history's and the checkout's line. */
export function discountLine(discount: AppliedDiscount): string {
  return `Discount code ${discount.code}: −${formatRupees(paiseToRupees(discount.amount))}`
}
