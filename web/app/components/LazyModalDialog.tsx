import { type ComponentProps, lazy, Suspense } from 'react'
import type { ModalDialog as ModalDialogType } from './ModalDialog'

/**
 * ModalDialog for pages that must stay light (the landing page's JavaScript budget): Radix
 * Dialog is fetched the first time a dialog opens, or earlier through `preloadModalDialog()`
 * (call it when the user starts the action that may end in a dialog).
 */
const load = () => import('./ModalDialog')
const ModalDialog = lazy(() => load().then((m) => ({ default: m.ModalDialog })))

export const preloadModalDialog = () => {
  void load()
}

export function LazyModalDialog(props: ComponentProps<typeof ModalDialogType>) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  )
}
