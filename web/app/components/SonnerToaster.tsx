import type { CSSProperties } from 'react'
import { Toaster } from 'sonner'

/** The most toasts on screen at once. */
const MAX_TOASTS = 20
const TOAST_WIDTH = '18rem'

/**
 * sonner's toaster, in its own chunk: `~/components/Toaster` loads it the first time a toast is
 * shown. At the bottom, so the sticky header and its links stay uncovered at every width (issue
 * 12). On a wide screen in the right-hand corner and narrower than sonner's default, so it never
 * covers the centred booking form (issue 20: "Logged In Successfully" hid the Mentor field at
 * 1280 px); below 600 px sonner spans the width, under the content.
 */
export default function SonnerToaster() {
  return (
    <Toaster
      position="bottom-right"
      richColors
      closeButton
      visibleToasts={MAX_TOASTS}
      style={{ '--width': TOAST_WIDTH } as CSSProperties}
    />
  )
}
