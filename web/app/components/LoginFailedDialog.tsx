import { MESSAGES } from '@mentorloop/shared'
import * as Dialog from '@radix-ui/react-dialog'
import { primaryButton } from './buttons'
import { ModalDialog } from './ModalDialog'

/** docs/spec.md §8's "Login Failed" dialog, with the reason in words a person understands. */
export function LoginFailedDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <ModalDialog open={Boolean(message)} onClose={onClose} title={MESSAGES.LOGIN_FAILED} description={message} tone="error">
      <div className="mt-6 flex justify-end">
        <Dialog.Close className={primaryButton}>Try again</Dialog.Close>
      </div>
    </ModalDialog>
  )
}
