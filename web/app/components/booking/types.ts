import type { SeatAction, VerifyPaymentResponse } from '@mentorloop/shared'

/** What the `/book` action answers to the booking form (the success case redirects instead). */
export type BookFieldErrors = Partial<Record<'name' | 'contact' | 'mentorId', string>>

export type BookResult =
  | { id: string; outcome: 'waitlisted'; title: string; message: string; position: number | null }
  | {
      id: string
      outcome: 'error'
      kind: 'login' | 'fields' | 'payment' | 'already' | 'failed'
      title: string
      message: string
      fieldErrors?: BookFieldErrors
      values?: { name?: string; contact?: string; mentorId?: string }
    }

/** A booking started before paying, offered by the payment's success dialog (resources.payments.ts). */
export type PendingBooking = {
  mentorId: number
  mentorName: string
  action: SeatAction
  name: string
  contact: string
}

/** What the buy button's verify step answers: the CMS's verification, and the booking to finish. */
export type VerifiedPurchase = VerifyPaymentResponse & { pendingBooking?: PendingBooking | null }
