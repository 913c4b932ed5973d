'use client'
import { formatDate, formatDay } from '@mentorloop/shared'
import { useFormFields } from '@payloadcms/ui'

/**
 * Under a date field in the edit view: the value in India time. Payload's date picker shows the
 * browser's zone, so an admin outside India reads the date the site and e-mails use here
 * (lib/adminDates.ts, docs/decisions/103).
 */
export default function IstDateHint({ path, dayOnly, lastDay }: { path: string; dayOnly?: boolean; lastDay?: boolean }) {
  const value = useFormFields(([fields]) => fields[path]?.value)
  if (typeof value !== 'string' || !value) return null
  return (
    <p className="field-description ml-hint" data-testid={`ist-${path}`}>
      {lastDay
        ? `Last day covered: ${formatDay(new Date(new Date(value).getTime() - 1))} (ends at ${formatDate(value, 'dateTime')})`
        : `India time: ${formatDate(value, dayOnly ? 'day' : 'dateTime')}`}
    </p>
  )
}
