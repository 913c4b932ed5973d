import { cmsUnavailable, isCmsUnavailable } from '~/models/cms.server'

/**
 * Deferred data for a page: a client-side navigation (a data request, `Sec-Fetch-Dest: empty`)
 * gets the promise, streamed behind its "Loading..." state; a page load gets the value inside the
 * HTML, so the page is complete before and without JavaScript (React otherwise sends a streamed
 * boundary as hidden markup that only a script swaps in). A failure stays a rejected promise, so
 * the route's `<Await errorElement>` shows it — except on a page load when the CMS cannot answer at
 * all: that page is the 503 "temporarily unavailable" page, as a private page whose sign-in check
 * failed the same way (docs/decisions/053-database-outage.md), not a 200 with an inline error.
 * Wrapped in an object so the promise is not flattened.
 */
export async function streamOnNavigation<T>(request: Request, promise: Promise<T>): Promise<{ value: T | Promise<T> }> {
  if (request.headers.get('sec-fetch-dest') === 'empty') return { value: promise }
  const settled = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  if (!settled.ok && isCmsUnavailable(settled.error)) throw cmsUnavailable()
  return { value: settled.ok ? settled.value : promise }
}
