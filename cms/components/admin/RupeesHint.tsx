'use client'
import { formatRupees, paiseToRupees } from '@mentorloop/shared'
import { useFormFields } from '@payloadcms/ui'

/** Under a payment's amount (stored in paise) in the edit view: the same amount in rupees. */
export default function RupeesHint() {
  const paise = useFormFields(([fields]) => fields.amount?.value)
  if (typeof paise !== 'number' || !Number.isInteger(paise) || paise < 0) return null
  return (
    <p className="field-description" data-testid="amount-in-rupees">
      = {formatRupees(paiseToRupees(paise))}
    </p>
  )
}
