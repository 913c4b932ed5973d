/**
 * A refused payment operation: a stable code for callers and tests, the HTTP status the endpoint
 * answers, and the human message (the spec's texts where it names one).
 */
export type PaymentErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'INVALID_INPUT'
  | 'PLAN_NOT_FOUND'
  | 'PLAN_NOT_PURCHASABLE'
  | 'ALREADY_PURCHASED'
  | 'ORDER_FAILED'
  | 'INVALID_SIGNATURE'
  | 'PAYMENT_NOT_FOUND'
  | 'PAYMENT_NOT_COMPLETABLE'
  | 'REFUND_NOT_ALLOWED'
  | 'REFUND_ALREADY_REQUESTED'
  | 'REFUND_FAILED'
  | 'SANDBOX_ONLY'

export class PaymentError extends Error {
  constructor(
    readonly code: PaymentErrorCode,
    readonly status: number,
    message: string,
    readonly title?: string,
  ) {
    super(message)
    this.name = 'PaymentError'
  }

  toBody() {
    return { success: false, code: this.code, error: this.message, message: this.message, ...(this.title ? { title: this.title } : {}) }
  }
}
