import type { ReactNode } from 'react'
import { ModalDialog } from '~/components/ModalDialog'

/** The booking outcome dialogs of docs/spec.md §8. */
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
