import { formatDate, formatDay } from '@mentorloop/shared'

/**
 * A date column in the admin's lists, in India time whatever the browser's zone (a batch starting
 * 1 Dec shows "1 Dec 2026" in London too): a day for day-only fields, else a moment with "IST".
 * Set on every date field by lib/adminDates.ts (docs/decisions/103). An end kept as the moment after
 * its last day (`lastDay`: a plan's cover) shows that last day, as the site does: "31 Dec 2026", not
 * "1 Jan 2027, 12:00 am IST".
 */
export default function IstDateCell({ cellData, dayOnly, lastDay }: { cellData?: unknown; dayOnly?: boolean; lastDay?: boolean }) {
  if (typeof cellData !== 'string' && !(cellData instanceof Date)) return <span>—</span>
  if (lastDay) return <span>{formatDay(new Date(new Date(cellData).getTime() - 1))}</span>
  return <span>{formatDate(cellData, dayOnly ? 'day' : 'dateTime')}</span>
}
