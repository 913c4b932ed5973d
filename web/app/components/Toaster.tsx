import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react'
import { whenIdle } from '~/utils/idle'
import type { Toast } from '~/utils/toast.server'

/**
 * The site's one toast system (sonner, decision 118), out of the page's first load: the toaster
 * mounts when the browser is idle after the page has loaded (so its live region is there before
 * anything is said), or at the first toast if that comes sooner. `toast.*` queues the message in
 * sonner's own store, which replays it to the toaster when that mounts: nothing is lost.
 */
type Kind = 'success' | 'error' | 'info' | 'message'
type Options = { id?: string; description?: string }

const SonnerToaster = lazy(() => import('./SonnerToaster'))

let wanted = false
const listeners = new Set<() => void>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function mount() {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

function show(kind: Kind, title: string, options?: Options) {
  mount()
  void import('sonner').then(({ toast: sonner }) => (kind === 'message' ? sonner : sonner[kind])(title, options))
}

export const toast = {
  message: (title: string, options?: Options) => show('message', title, options),
  success: (title: string, options?: Options) => show('success', title, options),
  error: (title: string, options?: Options) => show('error', title, options),
  info: (title: string, options?: Options) => show('info', title, options),
}

export function Toaster({ toast: flash }: { toast: Toast | null }) {
  const mounted = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  )
  useEffect(() => {
    if (document.readyState === 'complete') return whenIdle(mount)
    let cancel = () => {}
    const onLoad = () => {
      cancel = whenIdle(mount)
    }
    window.addEventListener('load', onLoad, { once: true })
    return () => {
      window.removeEventListener('load', onLoad)
      cancel()
    }
  }, [])
  useEffect(() => {
    if (!flash) return
    // Let the page paint first so the toast is not lost in hydration.
    const t = setTimeout(() => show(flash.type, flash.title, { id: flash.id, description: flash.description }), 0)
    return () => clearTimeout(t)
  }, [flash])
  return (
    <>
      {flash ? (
        // Without JavaScript the toast still reaches the reader, as a banner at the top.
        <noscript>
          <div
            role={flash.type === 'error' ? 'alert' : 'status'}
            className={`px-4 py-3 text-center font-semibold ${flash.type === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}
          >
            {flash.title}
            {flash.description ? ` ${flash.description}` : null}
          </div>
        </noscript>
      ) : null}
      {mounted ? (
        <Suspense fallback={null}>
          <SonnerToaster />
        </Suspense>
      ) : null}
    </>
  )
}
