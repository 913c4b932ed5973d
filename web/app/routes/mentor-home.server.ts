import {
  layoutSessionsSchema,
  type MentorHome,
  markAttendanceSchema,
  now,
  openBatchSchema,
  scheduleSessionSchema,
} from '@mentorloop/shared'
import { data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { type ActionAnswer, type DoneIds, type FieldErrors, type Intent, MENTOR_HOME_INTENTS } from '~/components/mentorHome/types'
import { CmsError, cmsUnavailable, isCmsUnavailable } from '~/models/cms.server'
import { getMentorHome, postAttendance, postLayout, postNextBatch, postSession } from '~/models/mentorHome.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'

/**
 * The mentor's home, on the server: what the page shows (the CMS's answer for the signed-in
 * mentor only) and the four forms' intents, each checked with the schema the CMS uses before the
 * round trip. Every answer is `no-store`; a form that is not accepted is answered beside itself
 * (an `ActionAnswer`), an accepted one redirects to the home with what was done in the address.
 */

export async function loadMentorHome(request: Request) {
  const { user, token } = await requireUser(request)
  if (!user.roles.includes('mentor')) throw data('Only mentors have a home on the site.', { status: 403, headers: NO_STORE })
  let home: MentorHome
  try {
    home = await getMentorHome(token)
  } catch (error) {
    if (isCmsUnavailable(error)) throw cmsUnavailable()
    if (error instanceof CmsError && error.refusal) throw data(error.refusal.message, { status: error.status, headers: NO_STORE })
    throw error
  }
  const url = new URL(request.url)
  const done: DoneIds = {
    scheduled: Number(url.searchParams.get('scheduled')) || null,
    opened: Number(url.searchParams.get('opened')) || null,
    laidOut: Number(url.searchParams.get('laidOut')) || null,
    marked: Number(url.searchParams.get('marked')) || null,
  }
  return data({ home, done, today: now().toISOString() }, { headers: NO_STORE })
}

const intentSchema = z.enum(MENTOR_HOME_INTENTS)

/** The marks of an attendance form: one radio group per student, `mark-<student id>`. */
function marksOf(form: FormData) {
  return [...form.entries()].filter(([k]) => k.startsWith('mark-')).map(([k, v]) => ({ userId: Number(k.slice(5)), status: String(v) }))
}

function zodErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) out[String(issue.path[0] ?? '_')] ??= issue.message
  return out
}

/** One form's context: what it sent, and how to answer it beside itself. */
type Answer = ReturnType<typeof data<ActionAnswer>> | Response

type Posted = {
  token: string
  form: FormData
  values: Record<string, string>
  batchId: number | null
  reply: (status: number, message: string, fieldErrors?: FieldErrors, code?: string, extra?: Partial<ActionAnswer>) => Answer
  fail: (error: unknown, extra?: Partial<ActionAnswer>) => Answer
}

export async function mentorHomeAction(request: Request) {
  const { token } = await requireUser(request)
  // A body that is not a form (a script, a fuzzer) is a 400, never a 500.
  const form = await request.formData().catch(() => null)
  if (!form) return data({ error: 'Send the form.' }, { status: 400, headers: NO_STORE })
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))
  const intent = intentSchema.safeParse(values.intent)
  if (!intent.success) return data({ error: 'Unknown action.' }, { status: 400, headers: NO_STORE })
  const batchId = Number(values.batchId) || null
  const reply: Posted['reply'] = (status, message, fieldErrors = {}, code = 'INVALID_INPUT', extra = {}) =>
    data<ActionAnswer>({ intent: intent.data, batchId, message, code, fieldErrors, values, ...extra }, { status, headers: NO_STORE })
  const fail: Posted['fail'] = (error, extra = {}) => {
    if (isCmsUnavailable(error)) return reply(503, 'Temporarily unavailable, please try again.', {}, 'SERVICE_UNAVAILABLE', extra)
    const refusal = error instanceof CmsError ? error.refusal : null
    if (refusal) return reply((error as CmsError).status, refusal.message, refusal.fieldErrors ?? {}, refusal.code, extra)
    throw error
  }
  return HANDLERS[intent.data]({ token, form, values, batchId, reply, fail })
}

const HANDLERS: Record<Intent, (posted: Posted) => Promise<Answer>> = {
  layout: layOutSessions,
  attendance: markAttendance,
  schedule: scheduleSession,
  open: openNextBatch,
}

/** "Lay out the sessions": a preview answers the computed dates; "create" creates them all. */
async function layOutSessions({ token, form, values, batchId, reply, fail }: Posted) {
  const days = form.getAll('days').map(String)
  const dates = form.getAll('dates').map(String)
  const preview = values.step !== 'create'
  const parsed = layoutSessionsSchema.safeParse({ ...values, days, dates: preview ? undefined : dates, preview })
  if (!parsed.success) {
    return reply(400, 'Please correct the fields marked below.', zodErrors(parsed.error), 'INVALID_INPUT', { days, dates })
  }
  try {
    const answer = await postLayout(token, parsed.data as Record<string, unknown>)
    if (preview) {
      const plan = answer.plan
      return reply(200, '', {}, 'PREVIEW', { days, plan, dates: plan.slots.map((x) => x.date) })
    }
    return redirect(`/mentor-home?laidOut=${batchId}#batch-${batchId}`, { headers: NO_STORE })
  } catch (error) {
    return fail(error, { days, dates: preview ? undefined : dates })
  }
}

async function markAttendance({ token, form, values, reply, fail }: Posted) {
  const parsed = markAttendanceSchema.safeParse({ sessionId: values.sessionId, marks: marksOf(form) })
  if (!parsed.success) return reply(400, parsed.error.issues[0]?.message ?? 'Mark each student present or absent.')
  try {
    await postAttendance(token, parsed.data)
    return redirect(`/mentor-home?marked=${parsed.data.sessionId}#session-${parsed.data.sessionId}`, { headers: NO_STORE })
  } catch (error) {
    return fail(error)
  }
}

// Checked here first (the same schemas the CMS uses) so a slip is answered without a round trip.

async function scheduleSession({ token, values, batchId, reply, fail }: Posted) {
  const parsed = scheduleSessionSchema.safeParse(values)
  if (!parsed.success) return reply(400, 'Please correct the fields marked below.', zodErrors(parsed.error))
  try {
    const { session } = await postSession(token, parsed.data as Record<string, unknown>)
    return redirect(`/mentor-home?scheduled=${session.id}#batch-${batchId}`, { headers: NO_STORE })
  } catch (error) {
    return fail(error)
  }
}

async function openNextBatch({ token, values, reply, fail }: Posted) {
  const parsed = openBatchSchema.safeParse(values)
  if (!parsed.success) return reply(400, 'Please correct the fields marked below.', zodErrors(parsed.error))
  try {
    const { batch } = await postNextBatch(token, parsed.data as { startsOn: string; endsOn: string })
    return redirect(`/mentor-home?opened=${batch.id}#batch-${batch.id}`, { headers: NO_STORE })
  } catch (error) {
    return fail(error)
  }
}
