import { cancelSessionSchema, formatDateTime, type MentorHome, moveSessionSchema } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { CancelSessionForm, MoveSessionForm, type SessionChangeAnswer } from '~/components/mentorHome/SessionChange'
import { PrivatePage } from '~/components/PrivatePage'
import { CmsError, cmsUnavailable, isCmsUnavailable } from '~/models/cms.server'
import { getMentorHome, postCancelSession, postMoveSession } from '~/models/mentorHome.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'

/**
 * A session of the mentor's, to move or cancel (issue 32), reached from their home. The CMS moves
 * and cancels through the same service as an admin's change in /admin (the calendar update, the
 * e-mails with the old and new time, the reminders), and keeps the rules; this page only asks.
 */
export const meta: MetaFunction = () => [{ title: 'Move or cancel a session · MentorLoop' }]

export const headers = () => NO_STORE

const sessionId = z.coerce.number().int().positive().max(2_147_483_647)

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request)
  if (!user.roles.includes('mentor')) throw data('Only mentors have a home on the site.', { status: 403, headers: NO_STORE })
  const id = sessionId.safeParse(params.id)
  if (!id.success) throw data('That session is not one of yours.', { status: 404, headers: NO_STORE })
  let home: MentorHome
  try {
    home = await getMentorHome(token)
  } catch (error) {
    if (isCmsUnavailable(error)) throw cmsUnavailable()
    if (error instanceof CmsError && error.refusal) throw data(error.refusal.message, { status: error.status, headers: NO_STORE })
    throw error
  }
  const batch = home.batches.find((b) => b.sessions.some((s) => s.id === id.data))
  const session = batch?.sessions.find((s) => s.id === id.data)
  if (!batch || !session) throw data('That session is not one of yours.', { status: 404, headers: NO_STORE })
  return data({ batch, session }, { headers: NO_STORE })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const form = await request.formData().catch(() => null)
  if (!form) return data({ error: 'Send the form.' }, { status: 400, headers: NO_STORE })
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))
  const intent = z.enum(['move', 'cancel']).safeParse(values.intent)
  if (!intent.success) return data({ error: 'Unknown action.' }, { status: 400, headers: NO_STORE })
  const reply = (status: number, message: string, fieldErrors: Record<string, string> = {}, code = 'INVALID_INPUT') =>
    data<SessionChangeAnswer>({ intent: intent.data, message, code, fieldErrors, values }, { status, headers: NO_STORE })
  const parsed =
    intent.data === 'move'
      ? moveSessionSchema.safeParse({ ...values, sessionId: params.id })
      : cancelSessionSchema.safeParse({ sessionId: params.id })
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {}
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? '_')] ??= issue.message
    return reply(400, 'Please correct the fields marked below.', fieldErrors)
  }
  try {
    if (intent.data === 'move') {
      const { session } = await postMoveSession(token, parsed.data as Record<string, unknown>)
      return redirect(`/mentor-home?moved=${session.id}#session-${session.id}`, { headers: NO_STORE })
    }
    const { session } = await postCancelSession(token, parsed.data.sessionId)
    return redirect(`/mentor-home?cancelledSession=${session.id}#session-${session.id}`, { headers: NO_STORE })
  } catch (error) {
    if (isCmsUnavailable(error)) return reply(503, 'Temporarily unavailable, please try again.', {}, 'SERVICE_UNAVAILABLE')
    const refusal = error instanceof CmsError ? error.refusal : null
    if (refusal) return reply((error as CmsError).status, refusal.message, refusal.fieldErrors ?? {}, refusal.code)
    throw error
  }
}

export default function MoveOrCancelSession() {
  const { batch, session } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as SessionChangeAnswer | undefined
  return (
    <PrivatePage title="Move or cancel a session" subtitle={`${session.title} of your ${batch.label} batch. Times are India time (IST).`}>
      <p className="mb-6 text-slate-800" data-testid="session-now">
        <span className="font-semibold">Now:</span> <time dateTime={session.startsAt}>{formatDateTime(session.startsAt)}</time> ·{' '}
        {session.durationMinutes} min{session.cancelled ? ' · cancelled' : ''}
      </p>
      {session.cancelled ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">This session is cancelled.</p>
      ) : session.started ? (
        <p className="rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          This session has started: it can no longer be moved or cancelled.
        </p>
      ) : (
        <>
          <MoveSessionForm batch={batch} session={session} answer={answer} />
          <CancelSessionForm session={session} answer={answer} />
        </>
      )}
      <p className="mt-6">
        <Link to={`/mentor-home#session-${session.id}`} className="font-semibold text-brand-700 underline">
          Back to your home
        </Link>
      </p>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
