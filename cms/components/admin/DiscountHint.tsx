'use client'
import { formatRupees, paiseToRupees } from '@mentorloop/shared'
import { useFormFields } from '@payloadcms/ui'

/** Under a payment's discount (stored in paise) in the edit view: the same discount in rupees and the price before it. */
export default function DiscountHint() {
  const off = useFormFields(([fields]) => fields.discountAmount?.value)
  const paid = useFormFields(([fields]) => fields.amount?.value)
  if (typeof off !== 'number' || !Number.isInteger(off) || off < 0) return null
  const list =
    typeof paid === 'number' && Number.isInteger(paid)
      ? ` (price ${formatRupees(paiseToRupees(paid + off))}, paid ${formatRupees(paiseToRupees(paid))})`
      : ''
  return (
    <p className="field-description" data-testid="discount-in-rupees">
      = {formatRupees(paiseToRupees(off))} off{list}
    </p>
  )
}
