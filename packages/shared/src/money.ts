/** Money is stored in paise (integer) and shown in rupees. */

export function rupeesToPaise(rupees: number): number {
  if (!Number.isFinite(rupees) || rupees < 0) throw new RangeError(`Invalid rupee amount: ${rupees}`)
  // Round to whole paise: 599.99 rupees is 59999 paise, never 59998.99999.
  return Math.round(rupees * 100)
}

export function paiseToRupees(paise: number): number {
  if (!Number.isInteger(paise) || paise < 0) throw new RangeError(`Invalid paise amount: ${paise}`)
  return paise / 100
}

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
})

/** "₹599" or "₹1,100" or "₹99.50". */
export function formatRupees(rupees: number): string {
  return inr.format(rupees)
}
