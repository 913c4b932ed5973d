import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import type { NewsletterActionData } from '~/routes/newsletter'

/**
 * The footer's newsletter box: name and e-mail, stored in the CMS. A plain POST without
 * JavaScript (the action redirects back with a toast); with it, the answer shows in place.
 */
export function NewsletterForm({ heading }: { heading: string }) {
  const fetcher = useFetcher<NewsletterActionData>()
  const [hydrated, setHydrated] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const id = useId()
  useEffect(() => setHydrated(true), [])
  const result = fetcher.state === 'idle' ? fetcher.data : undefined
  useEffect(() => {
    if (result?.ok) form.current?.reset()
  }, [result])
  const busy = fetcher.state !== 'idle'
  const nameError = result && !result.ok ? result.fieldErrors?.name?.[0] : undefined
  const emailError = result && !result.ok ? result.fieldErrors?.email?.[0] : undefined

  return (
    <div id="newsletter">
      <h2 className="font-semibold text-white">{heading}</h2>
      <fetcher.Form ref={form} method="post" action="/newsletter" className="mt-3 space-y-2" noValidate={hydrated}>
        {hydrated ? <input type="hidden" name="js" value="1" /> : null}
        <div>
          <label htmlFor={`${id}-name`} className="sr-only">
            Your name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            required
            maxLength={120}
            autoComplete="name"
            placeholder="Your name"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            className="w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-300"
          />
          {nameError ? (
            <p id={`${id}-name-error`} className="mt-1 text-sm text-red-200">
              {nameError}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="sr-only">
            Your email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className="w-full rounded-lg border border-white/20 bg-white/10 px-3 py-2 text-sm text-white placeholder:text-slate-300"
          />
          {emailError ? (
            <p id={`${id}-email-error`} className="mt-1 text-sm text-red-200">
              {emailError}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={busy}
          className="w-full rounded-lg bg-white px-4 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50 disabled:opacity-70"
        >
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
        <p role="status" aria-live="polite" className={`min-h-5 text-sm ${result?.ok ? 'text-emerald-200' : 'text-red-200'}`}>
          {result && (result.ok || (!nameError && !emailError)) ? result.message : ''}
        </p>
      </fetcher.Form>
    </div>
  )
}
