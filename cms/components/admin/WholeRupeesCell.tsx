import { formatRupees } from '@mentorloop/shared'
import type { DefaultServerCellComponentProps } from 'payload'

/** A list cell for an amount stored in whole rupees (a plan's prices): "₹599", never 599 (issue 32). */
export default function WholeRupeesCell({ cellData }: DefaultServerCellComponentProps) {
  if (typeof cellData !== 'number' || !Number.isFinite(cellData) || cellData < 0) return <span>—</span>
  return <span>{formatRupees(cellData)}</span>
}
