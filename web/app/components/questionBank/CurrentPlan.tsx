import { formatDate, type QbSubscriptionStatus } from '@mentorloop/shared'
import { Link } from '@remix-run/react'
import { Spinner } from './Spinner'

/** One status for a student on Free (not a red "No active subscription!" beside "Free"). */
const FREE_PLAN_STATUS = 'Free plan: a sample of previous-year questions, no expiry.'

/** A visitor's introduction to the question bank (signing in comes when they subscribe or practise). */
export function VisitorIntro() {
  return (
    <section aria-labelledby="qb-visitor" className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6" data-testid="qb-visitor">
      <h2 id="qb-visitor" className="text-lg font-semibold">
        Practise previous-year placement questions
      </h2>
      <p className="mt-1 text-slate-700">
        Start with Free, or take Plus for the full bank with topic-wise questions and video and toppers’ solutions. Sign in with your Google
        account when you subscribe or start practising.
      </p>
    </section>
  )
}

/** The signed-in student's question-bank plan and its expiry, with the way to practise. */
export function CurrentPlan({ status, busy }: { status: QbSubscriptionStatus; busy: boolean }) {
  return (
    <section aria-labelledby="current-plan" className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6" data-testid="qb-status">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id="current-plan" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            Current plan
          </h2>
          <p className="mt-1 text-2xl font-bold" data-testid="qb-current-plan">
            {status.currentPlan || 'Free'}
          </p>
          {status.isActive && status.expiryDate ? (
            <p className="mt-1 text-slate-700" data-testid="qb-expiry">
              Expires on: {formatDate(status.expiryDate)}
            </p>
          ) : (
            <p className="mt-1 text-slate-700" data-testid="qb-expiry">
              {FREE_PLAN_STATUS}
            </p>
          )}
        </div>
        {busy ? <Spinner label="Working on it…" /> : null}
      </div>
      <p className="mt-4">
        <Link to="/question-bank/practice" className="font-semibold text-brand-700 underline hover:text-brand-900">
          Practise questions
        </Link>
      </p>
    </section>
  )
}
