import {
  formatDateTime,
  MENTOR_APPLICATION_NEXT_STEP,
  MENTOR_APPLICATION_STATUS_LABELS,
  MENTOR_APPLICATION_STATUS_NOT_FOUND,
  type MentorApplicationStatusView,
  mentorApplicationStatusQuery,
  SERVICE_KEY_HEADER,
} from '@mentorloop/shared'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { primaryButton } from '~/components/buttons'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { CmsError, cms, isCmsUnavailable } from '~/models/cms.server'
import { NO_STORE } from '~/utils/auth.server'
import { env } from '~/utils/env.server'

/**
 * An applicant's view of their mentor application (issue 35), from the link in their receipt
 * e-mail: its state, when it came in and was decided, the reason of a decline, and the next step.
 * The link's key is checked by the CMS (services/mentorApplications/statusLink.ts); a wrong or
 * partial link says so, as a 404. Private to the applicant: never cached, never indexed.
 */
export const meta: MetaFunction = () => [{ title: 'Your application | MentorLoop' }, { name: 'robots', content: 'noindex' }]

type Loaded = { ok: true; application: MentorApplicationStatusView } | { ok: false; message: string }

export async function loader({ request }: LoaderFunctionArgs) {
  const answer = (result: Loaded, status = 200) => data(result, { status, headers: NO_STORE })
  const parsed = mentorApplicationStatusQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) return answer({ ok: false, message: MENTOR_APPLICATION_STATUS_NOT_FOUND }, 404)
  try {
    const application = await cms<MentorApplicationStatusView>('/mentor-applications/status', {
      query: parsed.data,
      headers: { [SERVICE_KEY_HEADER]: env.SERVICE_KEY },
      timeoutMs: 5_000,
    })
    return answer({ ok: true, application })
  } catch (error) {
    if (error instanceof CmsError && error.status === 404) return answer({ ok: false, message: MENTOR_APPLICATION_STATUS_NOT_FOUND }, 404)
    if (isCmsUnavailable(error))
      return answer({ ok: false, message: 'Your application cannot be shown right now. Please try again in a moment.' }, 503)
    throw error
  }
}

export const headers = () => NO_STORE

export default function ApplicationStatus() {
  const loaded = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="application-status-title">
      <h1 id="application-status-title" className="text-3xl font-bold text-slate-900">
        Your application to mentor
      </h1>
      {loaded.ok ? (
        <Status application={loaded.application} />
      ) : (
        <div
          role="alert"
          className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
          data-testid="application-status-error"
        >
          <p>{loaded.message}</p>
          <p className="mt-3">
            <Link to="/become-a-mentor" className="font-medium underline">
              Go to “Become a mentor”
            </Link>
          </p>
        </div>
      )}
    </section>
  )
}

function Status({ application: a }: { application: MentorApplicationStatusView }) {
  return (
    <div className="mt-6 space-y-4" data-testid="application-status" data-status={a.status}>
      <p className="text-slate-700">
        {a.name} · {a.role} at {a.company}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4">
        <dt className="font-medium text-slate-600">Status</dt>
        <dd className="font-semibold text-slate-900" data-testid="application-state">
          {MENTOR_APPLICATION_STATUS_LABELS[a.status]}
        </dd>
        <dt className="font-medium text-slate-600">Applied</dt>
        <dd>{formatDateTime(a.appliedAt)}</dd>
        {a.decidedAt ? (
          <>
            <dt className="font-medium text-slate-600">Decided</dt>
            <dd>{formatDateTime(a.decidedAt)}</dd>
          </>
        ) : null}
        {a.declineReason ? (
          <>
            <dt className="font-medium text-slate-600">Our reason</dt>
            <dd>{a.declineReason}</dd>
          </>
        ) : null}
      </dl>
      <p className="text-slate-800" data-testid="application-next-step">
        {MENTOR_APPLICATION_NEXT_STEP[a.status]}
      </p>
      {a.status === 'accepted' ? (
        <Link to="/login" className={`inline-block ${primaryButton}`}>
          Sign in with Google
        </Link>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
