import { MESSAGES } from '@mentorloop/shared'
import type { ReactNode } from 'react'
import { ModalDialog } from '~/components/ModalDialog'

/** The booking outcome dialogs of SPEC section 8. */
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
    <ModalDialog open={open} onClose={onClose} title={title} description={message} tone={tone} testId="booking-dialog">
      <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div>
    </ModalDialog>
  )
}

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
