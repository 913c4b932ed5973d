import { type CSSProperties, useEffect } from 'react'
import { Toaster as SonnerToaster, toast as showToast } from 'sonner'
import type { Toast } from '~/utils/toast.server'

/** The site's one toast system (sonner): at most 20 visible, announced politely, below the header's reach. */
export const MAX_TOASTS = 20
const TOAST_WIDTH = '18rem'

export function Toaster({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return
    // Let the page paint first so the toast is not lost in hydration.
    const t = setTimeout(() => {
      const show = toast.type === 'message' ? showToast : showToast[toast.type]
      show(toast.title, { id: toast.id, description: toast.description })
    }, 0)
    return () => clearTimeout(t)
  }, [toast])
  return (
    <>
      {toast ? (
        // Without JavaScript the toast still reaches the reader, as a banner at the top.
        <noscript>
          <div
            role={toast.type === 'error' ? 'alert' : 'status'}
            className={`px-4 py-3 text-center font-semibold ${toast.type === 'error' ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}
          >
            {toast.title}
            {toast.description ? ` ${toast.description}` : null}
          </div>
        </noscript>
      ) : null}
      {/* At the bottom: the sticky header and its links stay uncovered at every width (issue 12). On
          a wide screen in the right-hand corner and narrower than sonner's default, so it never
          covers the centred booking form (issue 20: "Logged In Successfully" hid the Mentor field
          at 1280 px); below 600 px sonner spans the width, under the content. */}
      <SonnerToaster
        position="bottom-right"
        richColors
        closeButton
        visibleToasts={MAX_TOASTS}
        style={{ '--width': TOAST_WIDTH } as CSSProperties}
      />
    </>
  )
}
