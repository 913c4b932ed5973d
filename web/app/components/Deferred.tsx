import { Await } from '@remix-run/react'
import { type ReactNode, Suspense } from 'react'

/**
 * `<Suspense><Await>` for data from `streamOnNavigation`: a promise (client-side navigation)
 * streams behind `fallback`; a value (page load) renders at once, outside any Suspense boundary,
 * so React puts it in the HTML itself rather than in hidden markup that needs a script.
 */
export function Deferred<T>({
  resolve,
  fallback,
  errorElement,
  children,
}: {
  resolve: T | Promise<T>
  fallback: ReactNode
  errorElement: ReactNode
  children: (value: T) => ReactNode
}) {
  if (!(resolve instanceof Promise)) return <>{children(resolve)}</>
  return (
    <Suspense fallback={fallback}>
      <Await resolve={resolve} errorElement={errorElement}>
        {(value) => children(value as T)}
      </Await>
    </Suspense>
  )
}
