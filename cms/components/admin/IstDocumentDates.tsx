'use client'
import { formatDate } from '@mentorloop/shared'
import { useDocumentInfo } from '@payloadcms/ui'

/**
 * Above the document's Save buttons: when it was last modified and created, in India time.
 * Payload's own "Last Modified" and "Created" lines format in the browser's zone and take no zone
 * (custom.scss hides them), so an admin abroad would read another day (lib/adminDates.ts,
 * docs/decisions/103).
 */
export default function IstDocumentDates() {
  const { savedDocumentData, data } = useDocumentInfo()
  const doc = (savedDocumentData ?? data) as { updatedAt?: unknown; createdAt?: unknown } | undefined
  const stamps = [
    ['Last modified', doc?.updatedAt],
    ['Created', doc?.createdAt],
  ].filter((s): s is [string, string] => typeof s[1] === 'string' && s[1] !== '')
  if (stamps.length === 0) return null
  return (
    <dl className="ml-doc-dates" data-testid="ist-doc-dates">
      {stamps.map(([label, value]) => (
        <div key={label}>
          <dt>{label}:</dt> <dd>{formatDate(value, 'dateTime')}</dd>
        </div>
      ))}
    </dl>
  )
}
