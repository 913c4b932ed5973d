import { type DiscountQuote, formatDateTime } from '@mentorloop/shared'
import { Form, useNavigation } from '@remix-run/react'
import { secondaryButton } from './buttons'

/**
 * "Have a discount code?" above the plans: a plain form posted to the page's action, so applying
 * a code works without JavaScript; the plan cards then show the CMS's new prices.
 */
export function DiscountCodeForm({ quote, error, typed }: { quote: DiscountQuote | null; error: string | null; typed: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'apply-code'
  return (
    <section
      aria-labelledby="discount-heading"
      className="mb-8 rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="discount-code"
    >
      <h2 id="discount-heading" className="text-lg font-semibold text-slate-900">
        Have a discount code?
      </h2>
      <Form method="post" className="mt-3 flex flex-wrap items-end gap-3" replace>
        <input type="hidden" name="intent" value="apply-code" />
        <div className="flex min-w-0 flex-1 flex-col">
          <label htmlFor="discount-code-input" className="text-sm font-medium text-slate-700">
            Discount code
          </label>
          <input
            id="discount-code-input"
            name="code"
            defaultValue={quote?.code ?? typed}
            key={quote?.code ?? typed}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'discount-code-error' : undefined}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2 uppercase text-slate-900"
          />
        </div>
        <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy}>
          {busy ? 'Applying…' : 'Apply'}
        </button>
      </Form>
      {error ? (
        <p id="discount-code-error" role="alert" className="mt-3 text-sm text-red-800" data-testid="discount-code-error">
          {error}
        </p>
      ) : null}
      {quote ? (
        <div role="status" className="mt-3 flex flex-wrap items-center gap-3 text-sm text-green-900" data-testid="discount-code-applied">
          <p>
            Code <strong>{quote.code}</strong> applied: the new prices are on the plans below
            {quote.endsAt ? `, until ${formatDateTime(quote.endsAt)}` : ''}. You pay the new price at checkout.
          </p>
          <Form method="post" replace>
            <input type="hidden" name="intent" value="remove-code" />
            <button type="submit" className="font-semibold text-brand-700 underline hover:text-brand-900">
              Remove code
            </button>
          </Form>
        </div>
      ) : null}
    </section>
  )
}
