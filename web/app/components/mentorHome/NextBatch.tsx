import { dayInputValue, formatDate, formatDateRange, istDay, type MentorHome } from '@mentorloop/shared'
import { Link } from '@remix-run/react'
import { primaryButton } from '~/components/buttons'
import { DateField, FormAlert, IntentForm, useBusy } from './formParts'
import type { ActionAnswer } from './types'

/** "Open the next batch" (intent `open`), or why it cannot be opened yet. */
export function NextBatch({ next, answer }: { next: MentorHome['next']; answer?: ActionAnswer }) {
  const busy = useBusy({ intent: 'open' })
  return (
    <section
      aria-labelledby="next-batch-heading"
      className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="next-batch"
    >
      <h2 id="next-batch-heading" className="text-xl font-semibold">
        Open the next batch
      </h2>
      {next.canOpen ? (
        <IntentForm intent="open" alert="none" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <p className="text-slate-800 sm:col-span-2">
            <span className="font-semibold">{next.label}</span> ({formatDateRange(next.startsOn, next.endsOn)})
            {next.after ? `, the month after your ${next.after.label} batch` : ''}. Continuing students get their seats first, then your
            waitlist.
          </p>
          <FormAlert message={answer?.message} />
          <DateField
            id="next-starts"
            name="startsOn"
            label="First day"
            error={answer?.fieldErrors.startsOn}
            defaultValue={answer?.values.startsOn ?? dayInputValue(istDay(new Date(next.startsOn)))}
          />
          <DateField
            id="next-ends"
            name="endsOn"
            label="Last day"
            error={answer?.fieldErrors.endsOn}
            defaultValue={answer?.values.endsOn ?? dayInputValue(istDay(new Date(next.endsOn)))}
          />
          <div className="sm:col-span-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Opening…' : `Open ${next.label}`}
            </button>
          </div>
        </IntentForm>
      ) : (
        <div className="mt-2 text-slate-800">
          <p>{next.reason}</p>
          <p className="mt-2">
            <Link to={`#batch-${next.open.id}`} className="font-semibold text-brand-700 underline">
              See your {next.open.label} batch
            </Link>{' '}
            · it starts {formatDate(next.open.startsOn)}.
          </p>
        </div>
      )}
    </section>
  )
}
