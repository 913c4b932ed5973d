import { MESSAGES } from '@mentorloop/shared'
import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

/** The booking outcome dialogs of SPEC section 8 (Radix: focus trapped, Escape closes, page inert). */
export function OutcomeDialog({
  open,
  title,
  message,
  tone,
  onClose,
  actions,
}: {
  open: boolean
  title: string
  message: string
  tone: 'info' | 'error'
  onClose: () => void
  actions: ReactNode
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => (o ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid="booking-dialog"
          className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <Dialog.Title className={`text-xl font-bold ${tone === 'error' ? 'text-red-800' : 'text-brand-900'}`}>{title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-700">{message}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
          <Dialog.Close aria-label="Close" className="absolute right-3 top-3 rounded p-1 text-slate-600 hover:bg-slate-100">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export const PRIMARY_BUTTON = 'rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700'
export const SECONDARY_BUTTON = 'rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50'

/** Scrolls to the plans with the spec's 100 px offset, or goes to the landing page's plans from elsewhere. */
export function scrollToPlans(navigate: (to: string) => void) {
  const el = document.getElementById('premium-plans')
  if (!el) {
    navigate('/#premium-plans')
    return
  }
  const top = el.getBoundingClientRect().top + window.scrollY - 100
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' })
}

export { MESSAGES }
