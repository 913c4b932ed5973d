import { formatDate } from '@mentorloop/shared'

/**
 * A date column in the admin's lists, in India time whatever the browser's zone (a batch starting
 * 1 Dec shows "1 Dec 2026" in London too): a day for day-only fields, else a moment with "IST".
 * Set on every date field by lib/adminDates.ts (docs/decisions/103).
 */
export default function IstDateCell({ cellData, dayOnly }: { cellData?: unknown; dayOnly?: boolean }) {
  if (typeof cellData !== 'string' && !(cellData instanceof Date)) return <span>—</span>
  return <span>{formatDate(cellData, dayOnly ? 'day' : 'dateTime')}</span>
}
