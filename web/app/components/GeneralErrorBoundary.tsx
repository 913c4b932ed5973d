import { isRouteErrorResponse, Link, useRouteError } from '@remix-run/react'

/**
 * What a route shows when its loader or action throws: the status, a title a person understands,
 * and the server's message when it sent one (403 "Not allowed", 404, 503...).
 */
const TITLES: Record<number, string> = {
  403: 'Not allowed',
  404: 'Page not found',
  503: 'Temporarily unavailable',
}

export function GeneralErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const title = TITLES[status] ?? 'Something went wrong'
  const detail =
    isRouteErrorResponse(error) && typeof error.data === 'string' && error.data
      ? error.data
      : status === 404
        ? 'We could not find that page.'
        : 'Please try again in a moment.'
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" data-status={status}>
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold">{title}</h1>
      <p className="mt-4 text-slate-600">{detail}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
        Back to home
      </Link>
    </section>
  )
}
