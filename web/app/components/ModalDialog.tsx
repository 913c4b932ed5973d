import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'

/**
 * The site's one modal dialog frame (booking outcomes, payments, refunds, Login Failed): Radix
 * Dialog (focus trap, Escape, inert background), a title, a close control in the corner, and
 * the content.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  children,
  tone = 'neutral',
  testId,
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  tone?: 'neutral' | 'info' | 'success' | 'error'
  testId?: string
}) {
  const titleColor = { neutral: 'text-slate-900', info: 'text-brand-900', success: 'text-green-800', error: 'text-red-800' }[tone]
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          data-testid={testId}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className={`pr-8 text-xl font-bold ${titleColor}`}>{title}</Dialog.Title>
          {description ? <Dialog.Description className="mt-3 text-slate-700">{description}</Dialog.Description> : null}
          {children}
          <Dialog.Close aria-label="Close dialog" className="absolute right-3 top-3 rounded p-1 text-slate-600 hover:bg-slate-100">
            <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
