'use client'
import { formatDateRange, istDay } from '@mentorloop/shared'
import { DateTimeField, useFormFields } from '@payloadcms/ui'
import type { DateFieldClientProps } from 'payload'
import { useEffect, useMemo, useState } from 'react'
import { postJson } from './postJson'

/**
 * What a person may type into the session's date (react-datepicker parses with each; the first is
 * how the field shows a date): "13 Dec 2026, 10:00 AM", day-first numbers as in India
 * ("13/12/2026 10:00", "13-12-2026 6:30 pm"), ISO ("2026-12-13 10:00") and Payload's own display
 * ("Dec 13, 2026 10:00 AM", with or without its commas). A later format wins when two read the same text, so no month-first
 * numeric format is listed: "05/12/2026" is always 5 December.
 */
export const SESSION_DATE_FORMATS = [
  'd MMM yyyy, h:mm aa',
  'd MMM yyyy h:mm aa',
  'd MMM yyyy, H:mm',
  'd MMM yyyy H:mm',
  'MMM d, yyyy h:mm aa',
  'MMM d, yyyy, h:mm aa',
  'MMM d yyyy h:mm aa',
  'MMM d yyyy, h:mm aa',
  'MMM d yyyy H:mm',
  'yyyy-MM-dd HH:mm',
  "yyyy-MM-dd'T'HH:mm",
  'd/M/yyyy H:mm',
  'd/M/yyyy h:mm aa',
  'd/M/yyyy, H:mm',
  'd/M/yyyy, h:mm aa',
  'd-M-yyyy H:mm',
  'd-M-yyyy h:mm aa',
  'd.M.yyyy H:mm',
]

type HeaderProps = {
  date: Date
  decreaseMonth: () => void
  increaseMonth: () => void
  prevMonthButtonDisabled: boolean
  nextMonthButtonDisabled: boolean
}

/**
 * The calendar's header as react-datepicker draws its default one (previous, month, next), without
 * the unlabelled month and year selects Payload turns on (axe: select-name): the picker opens on
 * the right month, and the arrows stop at the batch's first and last month.
 */
function MonthHeader({ date, decreaseMonth, increaseMonth, prevMonthButtonDisabled, nextMonthButtonDisabled }: HeaderProps) {
  const arrow = (which: 'previous' | 'next', label: string, onClick: () => void, disabled: boolean) => (
    <button
      type="button"
      className={`react-datepicker__navigation react-datepicker__navigation--${which}`}
      aria-label={label}
      onClick={onClick}
      disabled={disabled}
    >
      <span className={`react-datepicker__navigation-icon react-datepicker__navigation-icon--${which}`}>{label}</span>
    </button>
  )
  return (
    <>
      {arrow('previous', 'Previous month', decreaseMonth, prevMonthButtonDisabled)}
      {/* Payload hides react-datepicker's own month heading (it shows selects instead): ours is styled here. */}
      <h2
        className="ml-picker-month"
        aria-live="polite"
        style={{ margin: 0, padding: '8px 36px', fontSize: '0.95rem', fontWeight: 600, lineHeight: 1.3, color: 'var(--theme-text)' }}
      >
        {date.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' })}
      </h2>
      {arrow('next', 'Next month', increaseMonth, nextMonthButtonDisabled)}
    </>
  )
}

const labelText = (label: unknown) => (typeof label === 'string' && label ? label : 'Starts at')

type BatchDays = { id: number; label: string; startsOn: string; endsOn: string }

const idOf = (v: unknown): number | null => {
  const raw = v !== null && typeof v === 'object' ? ((v as { id?: unknown; value?: unknown }).id ?? (v as { value?: unknown }).value) : v
  const id = Number(raw)
  return Number.isInteger(id) && id > 0 ? id : null
}

/** The browser-local date that shows the same calendar day (and hour) as an instant has in India. */
function localDayOf(instant: string, hours: number, minutes = 0): Date {
  const { year, month, day } = istDay(new Date(instant))
  return new Date(year, month - 1, day, hours, minutes)
}

/**
 * The session's start in /admin: Payload's date-time field, with the picker opening on the chosen
 * batch's month and limited to its days, and typed dates accepted in the formats above (issue 20,
 * docs/decisions/115). The batch's days come from the REST API under the admin's (or mentor's)
 * read access; the Sessions collection's hook still decides (inside the batch, no overlap).
 */
export default function SessionStartsAtField(props: DateFieldClientProps) {
  const batchId = useFormFields(([fields]) => idOf(fields.batch?.value))
  const [batch, setBatch] = useState<BatchDays | null>(null)

  useEffect(() => {
    if (!batchId) {
      setBatch(null)
      return
    }
    let current = true
    void postJson<BatchDays>(
      `/api/batches/${batchId}?depth=0&select[label]=true&select[startsOn]=true&select[endsOn]=true`,
      undefined,
      'GET',
    ).then((result) => {
      if (current) setBatch(result.ok ? result.body : null)
    })
    return () => {
      current = false
    }
  }, [batchId])

  const shown = batch && batch.id === batchId ? batch : null
  const field = useMemo(() => {
    const date: { overrides?: object } = props.field.admin?.date ?? {}
    const limits = shown
      ? { minDate: localDayOf(shown.startsOn, 0), maxDate: localDayOf(shown.endsOn, 23, 59), openToDate: localDayOf(shown.startsOn, 10) }
      : {}
    const { openToDate, ...bounds } = limits as { openToDate?: Date; minDate?: Date; maxDate?: Date }
    return {
      ...props.field,
      admin: {
        ...props.field.admin,
        description: shown
          ? `The ${shown.label} batch runs ${formatDateRange(shown.startsOn, shown.endsOn)}. Pick a day in it, or type a date and time such as 13/12/2026 10:00.`
          : 'Choose the batch first: the picker then opens on its month. You can also type a date and time such as 13/12/2026 10:00.',
        date: {
          ...date,
          ...bounds,
          overrides: {
            ...date.overrides,
            dateFormat: SESSION_DATE_FORMATS,
            renderCustomHeader: MonthHeader,
            // Payload's label points at the field's wrapper, not the input: name the input too.
            title: labelText(props.field.label),
            ...(openToDate ? { openToDate } : {}),
          },
        },
      },
    } as DateFieldClientProps['field']
  }, [props.field, shown])

  return <DateTimeField {...props} field={field} />
}
