import { loginFailureMessage, MESSAGES } from '@mentorloop/shared'
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useLoaderData, useNavigate } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { LoginFailedDialog } from '~/components/LoginFailedDialog'
import { getOptionalUser, NO_STORE } from '~/utils/auth.server'
import { devPersonas } from '~/utils/dev-personas.server'
import { oidcSettings } from '~/utils/oidc.server'
import { safeRedirect } from '~/utils/redirect'

export const meta: MetaFunction = () => [{ title: 'Sign in · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const redirectTo = safeRedirect(url.searchParams.get('redirectTo'))
  const error = url.searchParams.get('error')
  const user = await getOptionalUser(request).catch(() => null)
  if (user) throw redirect(redirectTo, { headers: NO_STORE })
  const { local } = oidcSettings()
  return data(
    {
      redirectTo,
      local,
      personas: local ? devPersonas() : [],
      error: loginFailureMessage(error),
    },
    { headers: NO_STORE },
  )
}

export const headers = () => NO_STORE

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  )
}

export default function Login() {
  const { redirectTo, local, personas, error } = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const closeDialog = () => navigate(`/login?${new URLSearchParams({ redirectTo })}`, { replace: true, preventScrollReset: true })

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">Sign in</h1>
      <p className="mt-2 text-slate-600">Book sessions, see your dashboard and your payments.</p>

      {local ? (
        <div className="mt-8 space-y-6">
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Development sign-in: a local OpenID Connect issuer stands in for Google. Pick a seeded account or use any e-mail.
          </p>
          <Form method="post" action="/auth/google" reloadDocument aria-labelledby="personas-heading">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <h2 id="personas-heading" className="text-sm font-semibold text-slate-800">
              Seeded accounts
            </h2>
            <ul className="mt-3 space-y-2">
              {personas.map((p) => (
                <li key={p.email}>
                  <button
                    type="submit"
                    name="loginHint"
                    value={p.email}
                    className="flex w-full items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50"
                  >
                    <span>
                      <span className="block font-semibold">Continue as {p.name}</span>
                      <span className="block text-sm text-slate-600">{p.email}</span>
                    </span>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{p.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </Form>
          <Form method="post" action="/auth/google" reloadDocument className="space-y-2">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <label htmlFor="login-email" className="block text-sm font-semibold text-slate-800">
              Or any e-mail address
            </label>
            <div className="flex gap-2">
              <input
                id="login-email"
                name="loginHint"
                type="email"
                required
                autoComplete="email"
                placeholder="you@example.com"
                className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
              />
              <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">
                Continue
              </button>
            </div>
          </Form>
        </div>
      ) : (
        <Form method="post" action="/auth/google" reloadDocument className="mt-8">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            className="flex w-full items-center justify-center gap-3 rounded-lg border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
          >
            <GoogleMark />
            Continue with Google
          </button>
        </Form>
      )}
      <p className="mt-8 text-sm text-slate-600">Staff and admins manage content in the CMS with their e-mail and password.</p>
      <LoginFailedDialog message={error} onClose={closeDialog} />
      {error ? (
        // The dialog needs JavaScript; without it the reason shows in the page.
        <noscript>
          <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-800">
            <strong>{MESSAGES.LOGIN_FAILED}</strong>: {error}
          </p>
        </noscript>
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
