import * as Dialog from '@radix-ui/react-dialog'
import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react'
import { type ReactNode, useEffect, useState } from 'react'
import { primaryButton, secondaryButton } from '~/components/buttons'

/**
 * A destructive action behind a confirmation. With JavaScript the trigger opens a Radix dialog;
 * without it the trigger is a link to `?confirm=<key>`, which renders the same question inline
 * (server-side), so the action works either way and never happens on one click.
 */
export function ConfirmAction({
  confirmKey,
  trigger,
  title,
  description,
  confirmLabel,
  fields,
  children,
}: {
  confirmKey: string
  trigger: string
  title: string
  description: string
  confirmLabel: string
  fields: Record<string, string>
  /** A question sent with the form (the held seat of next month, issue 37). */
  children?: ReactNode
}) {
  const [params] = useSearchParams()
  const [open, setOpen] = useState(false)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && Object.entries(fields).every(([k, v]) => navigation.formData?.get(k) === v)
  useEffect(() => {
    if (navigation.state === 'idle') setOpen(false)
  }, [navigation.state])
  const inline = params.get('confirm') === confirmKey

  const form = (
    <Form method="post" preventScrollReset className="flex flex-wrap justify-end gap-3">
      {Object.entries(fields).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {children ? <div className="w-full">{children}</div> : null}
      {inline ? (
        <Link to="?" preventScrollReset className={secondaryButton}>
          Keep it
        </Link>
      ) : (
        <Dialog.Close className={secondaryButton}>Keep it</Dialog.Close>
      )}
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
      >
        {busy ? 'Working…' : confirmLabel}
      </button>
    </Form>
  )

  if (inline) {
    return (
      <div role="alertdialog" aria-labelledby={`${confirmKey}-title`} className="mt-3 rounded-xl border border-red-200 bg-red-50 p-4">
        <p id={`${confirmKey}-title`} className="font-semibold text-red-900">
          {title}
        </p>
        <p className="mt-1 text-sm text-red-900">{description}</p>
        <div className="mt-3">{form}</div>
      </div>
    )
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Link
        to={`?confirm=${encodeURIComponent(confirmKey)}`}
        preventScrollReset
        className={`${secondaryButton} inline-block text-sm`}
        onClick={(e) => {
          e.preventDefault()
          setOpen(true)
        }}
      >
        {trigger}
      </Link>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-red-800">{title}</Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-700">{description}</Dialog.Description>
          <div className="mt-6">{form}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export { primaryButton }
