import { DEFAULT_OFFER_HOLD_HOURS, MESSAGES, type SeatAction, waitlistNote } from '@mentorloop/shared'
import { Link, useFetcher, useNavigate } from '@remix-run/react'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { scrollToPlans } from '~/components/booking/scrollToPlans'
import type { BookResult } from '~/components/booking/types'
import { primaryButton, secondaryButton } from '~/components/buttons'

/**
 * The landing page's "Book Your Session" section (docs/spec.md §2, issue 5).
 *
 * The form posts to the `/book` route action: with JavaScript through a fetcher (the outcome
 * shows as the spec's dialogs and toasts; success goes to /myDashboard), without it as a plain
 * POST (the action redirects with a toast, or renders /book with the message). The landing page
 * only places it and passes the props below; a mentor card links to `/?mentor={id}#booking`.
 */
export type BookingSectionMentor = { id: number; name: string; action: SeatAction }
export type BookingSectionUser = { email: string; name?: string | null; phone?: string | null } | null
/** A booking the visitor started before signing in or buying a plan (web/app/utils/booking-draft.server.ts). */
export type BookingSectionDraft = { mentorId: number; name: string; contact: string } | null

// The outcome dialogs (Radix) load with the first submit, keeping them out of the landing page's first load.
const loadOutcomeDialog = () => import('~/components/booking/OutcomeDialog')
const OutcomeDialog = lazy(() => loadOutcomeDialog().then((m) => ({ default: m.OutcomeDialog })))

const INPUT =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 aria-[invalid=true]:border-red-600 read-only:bg-slate-100 disabled:bg-slate-100'

export function BookingSection({
  mentors,
  user,
  draft = null,
  preselectedMentorId,
  result: serverResult,
  loadingMentors = false,
  heading = 'Book Your Session',
  footnote = null,
  holdHours = DEFAULT_OFFER_HOLD_HOURS,
  search = null,
}: {
  mentors: BookingSectionMentor[]
  user: BookingSectionUser
  /** Values kept from an earlier attempt: they fill the form in place of the profile's. */
  draft?: BookingSectionDraft
  preselectedMentorId?: number | null
  /** The action's answer when the page was rendered by a plain (no-JavaScript) POST to /book. */
  result?: BookResult | null
  /** True while the page is still fetching mentors (the select is disabled meanwhile). */
  loadingMentors?: boolean
  /** The section's heading and the line under it (site settings → Sections → Booking). */
  heading?: string
  footnote?: string | null
  /** How long an opened seat is held for a waiting student without a plan (business rules). */
  holdHours?: number
  /** The last search for a mentor by name: what was typed and the server's sentence on it. */
  search?: { query: string; message: string } | null
}) {
  const fetcher = useFetcher<BookResult>({ key: 'booking-form' })
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  const ids = useId()
  const [hydrated, setHydrated] = useState(false)
  const [dialog, setDialog] = useState<BookResult | null>(null)
  const shown = useRef<string | null>(null)
  const preselected = mentors.some((m) => m.id === preselectedMentorId) ? String(preselectedMentorId) : ''
  const [mentorId, setMentorId] = useState(preselected)
  useEffect(() => setHydrated(true), [])
  useEffect(() => setMentorId(preselected), [preselected])

  const result = fetcher.data ?? serverResult ?? null
  useEffect(() => {
    const data = fetcher.data
    if (!data || fetcher.state !== 'idle' || shown.current === data.id) return
    shown.current = data.id
    // One message per problem: field errors show inline only (focus goes to the first one); a
    // dialog opens only when the student must choose (see plans, sign in, retry, dashboard).
    if (data.outcome === 'error' && data.kind === 'fields') {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
      return
    }
    // One message: the dialog says where the student is in the queue (no toast repeating it).
    setDialog(data)
    if (data.outcome === 'waitlisted') formRef.current?.reset()
  }, [fetcher.data, fetcher.state])

  const busy = fetcher.state !== 'idle'
  const fieldErrors = result?.outcome === 'error' ? (result.fieldErrors ?? {}) : {}
  const values = result?.outcome === 'error' ? result.values : undefined
  const selected = mentors.find((m) => String(m.id) === mentorId)
  const closeDialog = () => {
    const wasWaitlisted = dialog?.outcome === 'waitlisted'
    setDialog(null)
    if (wasWaitlisted) navigate('/myDashboard')
  }
  const retry = () => {
    setDialog(null)
    if (formRef.current) fetcher.submit(formRef.current)
  }

  return (
    <section id="booking" aria-labelledby="booking-heading" className="scroll-mt-24 bg-brand-50 px-4 py-16">
      <div className="mx-auto max-w-xl">
        <h2 id="booking-heading" className="text-center text-3xl font-bold">
          {heading}
        </h2>
        {footnote ? <p className="mt-2 text-center text-sm text-slate-600">{footnote}</p> : null}

        {serverResult && !fetcher.data ? <NoScriptResult result={serverResult} /> : null}
        {draft && user && !result ? (
          <p role="status" className="mt-6 rounded-xl border border-brand-100 bg-white p-4 text-brand-900" data-testid="booking-draft-note">
            We kept the booking you started: check the details and book.
          </p>
        ) : null}

        {/* Every mentor, not only those shown above: a plain GET the server answers (no script). */}
        <form method="get" action="/#booking" className="mt-8 grid grid-cols-[1fr_auto] items-end gap-2">
          <Field id={`${ids}-find`} label="Find any mentor by name">
            <input id={`${ids}-find`} name="mentorSearch" type="search" defaultValue={search?.query} className={INPUT} />
          </Field>
          <button type="submit" className={secondaryButton}>
            Search
          </button>
        </form>
        {search ? (
          <p role="status" className="mt-2 text-sm text-slate-700" data-testid="mentor-search">
            {search.message}
          </p>
        ) : null}

        <fetcher.Form
          ref={formRef}
          method="post"
          action="/book"
          noValidate
          aria-busy={busy}
          onFocus={() => void loadOutcomeDialog()}
          className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          <Field id={`${ids}-name`} label="Name" error={fieldErrors.name}>
            <input
              id={`${ids}-name`}
              name="name"
              autoComplete="name"
              maxLength={120}
              defaultValue={values?.name ?? (draft?.name || user?.name) ?? ''}
              aria-invalid={fieldErrors.name ? true : undefined}
              aria-describedby={fieldErrors.name ? `${ids}-name-error` : undefined}
              className={INPUT}
            />
          </Field>
          <Field id={`${ids}-contact`} label="Contact" error={fieldErrors.contact}>
            <input
              id={`${ids}-contact`}
              name="contact"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              placeholder="10-digit mobile number"
              defaultValue={values?.contact ?? (draft?.contact || user?.phone) ?? ''}
              aria-invalid={fieldErrors.contact ? true : undefined}
              aria-describedby={fieldErrors.contact ? `${ids}-contact-error` : undefined}
              className={INPUT}
            />
          </Field>
          <Field id={`${ids}-email`} label="Email">
            <input
              id={`${ids}-email`}
              type="email"
              readOnly
              value={user?.email ?? ''}
              placeholder={user ? undefined : 'Filled in when you sign in'}
              className={INPUT}
            />
          </Field>
          <Field id={`${ids}-mentor`} label="Mentor" error={fieldErrors.mentorId}>
            <select
              id={`${ids}-mentor`}
              name="mentorId"
              value={mentorId}
              onChange={(e) => setMentorId(e.target.value)}
              disabled={loadingMentors}
              aria-invalid={fieldErrors.mentorId ? true : undefined}
              aria-describedby={fieldErrors.mentorId ? `${ids}-mentor-error` : undefined}
              className={INPUT}
            >
              <option value="">{loadingMentors ? 'Loading mentors...' : mentors.length ? 'Select a mentor' : MESSAGES.NO_MENTORS}</option>
              {mentors.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.action === 'waitlist' ? `${m.name} (full: join the waitlist)` : m.name}
                </option>
              ))}
            </select>
          </Field>
          {selected?.action === 'waitlist' ? (
            <p className="text-sm text-slate-700" data-testid="waitlist-note">
              {waitlistNote(selected.name, holdHours)}
            </p>
          ) : null}
          <button type="submit" disabled={busy} className={`w-full ${primaryButton} py-3 disabled:opacity-60`}>
            {busy ? 'Booking…' : selected?.action === 'waitlist' ? 'Join Waitlist' : 'Book Session'}
          </button>
        </fetcher.Form>
      </div>

      {dialog ? (
        <Suspense fallback={null}>
          <OutcomeDialog
            open
            tone={
              dialog.outcome === 'waitlisted' || dialog.kind === 'payment' || dialog.kind === 'login' || dialog.kind === 'already'
                ? 'info'
                : 'error'
            }
            title={dialog.title}
            message={dialog.message}
            onClose={closeDialog}
            actions={
              <DialogActions
                dialog={dialog}
                onClose={closeDialog}
                onRetry={retry}
                onPlans={() => {
                  setDialog(null)
                  scrollToPlans(navigate)
                }}
              />
            }
          />
        </Suspense>
      ) : null}
    </section>
  )
}

function DialogActions({
  dialog,
  onClose,
  onRetry,
  onPlans,
}: {
  dialog: BookResult
  onClose: () => void
  onRetry: () => void
  onPlans: () => void
}) {
  if (dialog.outcome === 'waitlisted') {
    return (
      <button type="button" className={primaryButton} onClick={onClose}>
        Go to Dashboard
      </button>
    )
  }
  switch (dialog.kind) {
    case 'payment':
      return (
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <button type="button" className={primaryButton} onClick={onPlans}>
            See plans
          </button>
        </>
      )
    case 'login':
      return (
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Cancel
          </button>
          <Link className={primaryButton} to={`/login?${new URLSearchParams({ redirectTo: '/#booking' })}`}>
            Sign in
          </Link>
        </>
      )
    case 'already':
      return (
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Close
          </button>
          <Link className={primaryButton} to="/myDashboard">
            Go to Dashboard
          </Link>
        </>
      )
    case 'failed':
      return (
        <>
          <button type="button" className={secondaryButton} onClick={onClose}>
            Close
          </button>
          <button type="button" className={primaryButton} onClick={onRetry}>
            Retry
          </button>
        </>
      )
    default:
      return (
        <button type="button" className={primaryButton} onClick={onClose}>
          OK
        </button>
      )
  }
}

/** Without JavaScript the page is re-rendered by the action: the outcome shows inline. */
function NoScriptResult({ result }: { result: BookResult }) {
  // Field errors show beside their fields only; a plan or a sign-in to get is not an error.
  if (result.outcome === 'error' && result.kind === 'fields') return null
  const error = result.outcome === 'error' && result.kind !== 'payment' && result.kind !== 'login' && result.kind !== 'already'
  return (
    <div
      role="alert"
      className={`mt-6 rounded-xl border p-4 ${error ? 'border-red-300 bg-red-50 text-red-900' : 'border-brand-100 bg-white text-brand-900'}`}
    >
      <p className="font-semibold">{result.title}</p>
      <p className="mt-1">{result.message}</p>
      {result.outcome === 'error' && result.kind === 'payment' ? (
        <a href="/#premium-plans" className="mt-2 inline-block font-semibold underline">
          See plans
        </a>
      ) : null}
      {result.outcome === 'error' && result.kind === 'login' ? (
        <a href={`/login?${new URLSearchParams({ redirectTo: '/#booking' })}`} className="mt-2 inline-block font-semibold underline">
          Sign in
        </a>
      ) : null}
      {result.outcome === 'waitlisted' || (result.outcome === 'error' && result.kind === 'already') ? (
        <a href="/myDashboard" className="mt-2 inline-block font-semibold underline">
          Go to Dashboard
        </a>
      ) : null}
    </div>
  )
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
