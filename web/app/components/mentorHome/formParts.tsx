import { Form, useNavigation } from '@remix-run/react'
import type { ReactNode } from 'react'
import type { FieldErrors, Intent } from './types'

/**
 * The pieces every form on the mentor's home is made of: a plain <Form> posting to the route's
 * action with its intent, its hidden ids and the action's message (so each works without
 * JavaScript), labelled fields with their hint and error, and the "busy" state while it posts.
 */

export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700'

const alertClass = 'rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200 sm:col-span-2'

/** True while this very form (its intent and ids) is posting. */
export function useBusy(match: Record<string, string | number>) {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && Object.entries(match).every(([name, value]) => navigation.formData?.get(name) === String(value))
}

/**
 * A form of the mentor's home: posts its intent and its ids (hidden fields, in this order); what the action refused (its
 * message) is announced where `alert` is placed, by default first.
 */
export function IntentForm({
  intent,
  ids = {},
  message,
  alert = 'first',
  alertClassName = alertClass,
  children,
  ...props
}: {
  intent: Intent
  ids?: Record<string, string | number>
  message?: string
  alert?: 'first' | 'none'
  alertClassName?: string
  children: ReactNode
} & Omit<React.ComponentProps<typeof Form>, 'method' | 'children' | 'hidden'>) {
  return (
    <Form method="post" {...props}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(ids).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {alert === 'first' ? <FormAlert message={message} className={alertClassName} /> : null}
      {children}
    </Form>
  )
}

/** The action's message for a form it refused. */
export function FormAlert({ message, className = alertClass }: { message?: string; className?: string }) {
  return message ? (
    <p role="alert" className={className}>
      {message}
    </p>
  ) : null
}

/** A form folded under its summary line, open when it has something to say. */
export function FoldedForm({
  summary,
  open,
  testId,
  children,
}: {
  summary: ReactNode
  open: boolean
  testId: string
  children: ReactNode
}) {
  return (
    <details className="mt-6 rounded-xl border border-slate-200 p-4" open={open} data-testid={testId}>
      <summary className="cursor-pointer text-lg font-semibold text-brand-700">{summary}</summary>
      {children}
    </details>
  )
}

export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A date input in a Field (the next batch's first and last day, a session's date). */
export function DateField({
  id,
  name,
  label,
  hint,
  error,
  defaultValue,
  min,
  max,
}: {
  id: string
  name: string
  label: string
  hint?: string
  error?: string
  defaultValue: string
  min?: string
  max?: string
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(props) => (
        <input {...props} name={name} type="date" min={min} max={max} required defaultValue={defaultValue} className={inputClass} />
      )}
    </Field>
  )
}

/** The meeting link: the same field in "Schedule a session" and "Lay out the sessions". */
export function MeetingLinkField({ p, label, error, defaultValue }: { p: string; label: string; error?: string; defaultValue: string }) {
  return (
    <Field id={`${p}-link`} label={label} hint="An https:// address your students join." error={error}>
      {(props) => <input {...props} name="meetingLink" type="url" required defaultValue={defaultValue} className={inputClass} />}
    </Field>
  )
}

/** A session's start time (India) and length: the same two fields in "Schedule a session" and "Lay out the sessions". */
export function TimeAndLength({ p, values: v, errors }: { p: string; values: Record<string, string>; errors: FieldErrors }) {
  return (
    <>
      <Field id={`${p}-time`} label="Start time (IST)" error={errors.time}>
        {(props) => (
          <input {...props} name="time" type="time" step={900} required defaultValue={v.time ?? '10:00'} className={inputClass} />
        )}
      </Field>
      <Field id={`${p}-duration`} label="Length in minutes" error={errors.durationMinutes}>
        {(props) => (
          <input
            {...props}
            name="durationMinutes"
            type="number"
            min={15}
            max={240}
            step={15}
            required
            defaultValue={v.durationMinutes ?? '60'}
            className={inputClass}
          />
        )}
      </Field>
    </>
  )
}
