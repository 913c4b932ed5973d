import {
  CLIENT_IP_HEADER,
  MENTOR_APPLICATION_LIMITS,
  MENTOR_APPLICATION_MESSAGES,
  type MentorApplicationField,
  mentorApplicationSchema,
  SERVICE_KEY_HEADER,
} from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { primaryButton } from '~/components/buttons'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { CmsError, cms, isCmsUnavailable } from '~/models/cms.server'
import { NO_STORE } from '~/utils/auth.server'
import { clientIp } from '~/utils/client-ip.server'
import { env } from '~/utils/env.server'
import { logger } from '~/utils/logger.server'
import { hit, signInGuard } from '~/utils/rate-limit.server'
import { seoMeta } from '~/utils/seo'

/**
 * "Become a mentor" (issue 35): a public application form. A plain form post (no JavaScript
 * needed; with it, Remix posts the same form and renders the same answer). The action checks the
 * form with the shared zod schema, counts whole applications per visitor address in the CMS (like
 * the newsletter) and hands it to the CMS with the service key; the CMS refuses a second open
 * application from one e-mail and e-mails the applicant a receipt.
 */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: 'Become a mentor | MentorLoop',
    description: 'Working engineers mentor engineering students in small batches. Apply to mentor with MentorLoop.',
    url: data?.canonical,
  })

export const loader = () => ({ canonical: `${env.WEB_PUBLIC_URL}/become-a-mentor` })

type Values = Partial<Record<MentorApplicationField, string>>
export type ApplyResult =
  | { ok: true; message: string; email: string }
  | { ok: false; message: string; fieldErrors: Partial<Record<MentorApplicationField, string>>; values: Values }

const FIELDS: MentorApplicationField[] = ['name', 'email', 'company', 'role', 'years', 'profileUrl', 'topics', 'why']

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const values: Values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '')]))
  const answer = (result: ApplyResult, status: number) => data(result, { status, headers: NO_STORE })
  const failed = (message: string, status: number, fieldErrors: Partial<Record<MentorApplicationField, string>> = {}) =>
    answer({ ok: false, message, fieldErrors, values }, status)

  const parsed = mentorApplicationSchema.safeParse(values)
  if (!parsed.success) {
    const fieldErrors: Partial<Record<MentorApplicationField, string>> = {}
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as MentorApplicationField] ??= issue.message
    return failed('Please correct the highlighted fields.', 400, fieldErrors)
  }
  // Counted once the form is whole: an application that would reach the list, not a typo corrected.
  const ip = clientIp(request, context)
  const guarded = await signInGuard({ hits: [hit('mentorApplicationByIp', `ip:${ip}`)] })
  if (guarded === 'rate_limited') return failed(MENTOR_APPLICATION_MESSAGES.TOO_MANY, 429)
  if (guarded !== 'ok') return failed(MENTOR_APPLICATION_MESSAGES.FAILED, 503)
  try {
    const res = await cms<{ message: string }>('/mentor-applications/apply', {
      method: 'POST',
      body: parsed.data,
      headers: { [SERVICE_KEY_HEADER]: env.SERVICE_KEY, [CLIENT_IP_HEADER]: ip },
      timeoutMs: 5_000,
    })
    return answer({ ok: true, message: res.message, email: parsed.data.email }, 201)
  } catch (error) {
    const refusal = error instanceof CmsError && !isCmsUnavailable(error) ? error.refusal : null
    if (refusal && (error as CmsError).status < 500) {
      return failed(
        refusal.message,
        (error as CmsError).status,
        (refusal.fieldErrors ?? {}) as Partial<Record<MentorApplicationField, string>>,
      )
    }
    logger.warn({ msg: 'Mentor application failed', err: error })
    return failed(MENTOR_APPLICATION_MESSAGES.FAILED, 503)
  }
}

export const headers = () => NO_STORE

const inputClass =
  'mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 aria-[invalid=true]:border-red-600'

type FieldProps = {
  name: MentorApplicationField
  label: string
  hint?: string
  result: ApplyResult | undefined
  children?: never
  type?: string
  autoComplete?: string
  inputMode?: 'numeric'
  maxLength?: number
  multiline?: boolean
  placeholder?: string
}

function Field({ name, label, hint, result, type = 'text', autoComplete, inputMode, maxLength, multiline, placeholder }: FieldProps) {
  const error = result && !result.ok ? result.fieldErrors[name] : undefined
  const value = result && !result.ok ? result.values[name] : undefined
  const id = `apply-${name}`
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name,
    required: true,
    maxLength,
    defaultValue: value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    className: inputClass,
    placeholder,
  }
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea {...common} rows={5} /> : <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export default function BecomeAMentor() {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const summary = useRef<HTMLDivElement>(null)
  // Without JavaScript the browser's own checks run first; with it, the server's messages show beside each field.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  // With JavaScript the page does not reload: take the reader to the answer, as a reload would.
  useEffect(() => {
    if (result) summary.current?.focus()
  }, [result])

  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Become a mentor</h1>
      <p className="mt-3 text-slate-700">
        MentorLoop mentors are working engineers who run a small batch of students each month: live weekend sessions, questions answered,
        and honest advice about interviews and careers. Tell us about yourself; our team reads every application and e-mails you the
        decision.
      </p>

      <div ref={summary} tabIndex={-1} className="mt-6 outline-none">
        {result?.ok ? (
          <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900" data-testid="apply-done">
            <h2 className="font-semibold">Application sent</h2>
            <p className="mt-1">{result.message}</p>
            <p className="mt-1 text-sm">We wrote to {result.email}.</p>
          </div>
        ) : result ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900" data-testid="apply-error">
            {result.message}
          </div>
        ) : null}
      </div>

      {result?.ok ? null : (
        <Form method="post" className="mt-6 space-y-5" aria-label="Mentor application" noValidate={hydrated}>
          <Field name="name" label="Your name" autoComplete="name" maxLength={MENTOR_APPLICATION_LIMITS.name} result={result} />
          <Field
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            maxLength={254}
            hint="We write to you here, and your mentor account signs in with Google at this address."
            result={result}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              name="company"
              label="Company"
              autoComplete="organization"
              maxLength={MENTOR_APPLICATION_LIMITS.company}
              result={result}
            />
            <Field
              name="role"
              label="Role"
              autoComplete="organization-title"
              maxLength={MENTOR_APPLICATION_LIMITS.role}
              placeholder="Senior Software Engineer"
              result={result}
            />
          </div>
          <Field name="years" label="Years of experience" inputMode="numeric" maxLength={2} result={result} />
          <Field
            name="profileUrl"
            label="LinkedIn or other public profile"
            type="url"
            autoComplete="url"
            maxLength={MENTOR_APPLICATION_LIMITS.url}
            placeholder="https://www.linkedin.com/in/your-name"
            result={result}
          />
          <Field
            name="topics"
            label="Topics you would mentor"
            hint="For example: DSA, System Design, Java."
            maxLength={MENTOR_APPLICATION_LIMITS.topics}
            result={result}
          />
          <Field
            name="why"
            label="Why do you want to mentor?"
            hint={`A few lines (at most ${MENTOR_APPLICATION_LIMITS.why} characters).`}
            multiline
            maxLength={MENTOR_APPLICATION_LIMITS.why}
            result={result}
          />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Sending…' : 'Send application'}
          </button>
        </Form>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
