import { formatRupees, paiseToRupees } from '@mentorloop/shared'
import type { DefaultServerCellComponentProps } from 'payload'

/** A list cell for an amount stored in paise: "₹79,900" reads as rupees, never 79900 (server component). */
export default function RupeesCell({ cellData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'number' || !Number.isInteger(cellData) || cellData < 0) return <span>—</span>
  return <span>{formatRupees(paiseToRupees(cellData))}</span>
}
