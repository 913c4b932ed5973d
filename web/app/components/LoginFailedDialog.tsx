import { MESSAGES } from '@mentorloop/shared'
import * as Dialog from '@radix-ui/react-dialog'

/**
 * SPEC section 8's "Login Failed" dialog, with the reason in words a person understands. Radix
 * Dialog: focus moves into it, Escape and the buttons close it, the page behind is inert.
 */
export function LoginFailedDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Dialog.Root open={Boolean(message)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-red-800">{MESSAGES.LOGIN_FAILED}</Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-700">{message}</Dialog.Description>
          <div className="mt-6 flex justify-end">
            <Dialog.Close className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900">Try again</Dialog.Close>
          </div>
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
