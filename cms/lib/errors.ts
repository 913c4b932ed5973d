import { type ErrorBody, MESSAGES } from '@mentorloop/shared'

export type AppErrorOptions = {
  /** The dialog or toast title; defaults to the message. */
  title?: string
  /** What the spec's clients read as `error`; defaults to the message (booking calls pass the title). */
  error?: string
  fieldErrors?: Record<string, string>
  /** Seconds, for 429 and 503 answers. */
  retryAfterSeconds?: number
  requiresPayment?: boolean
}

/**
 * A refusal any layer can throw (a service, an access check, an endpoint): a stable code, the HTTP
 * status the endpoint answers, and the texts a person reads. The endpoint wrapper turns it into
 * the one error envelope (ErrorBody); nothing else about it reaches the client.
 */
export class AppError extends Error {
  readonly title: string
  readonly error: string
  readonly fieldErrors?: Record<string, string>
  readonly retryAfterSeconds?: number
  readonly requiresPayment: boolean

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.title = opts.title ?? message
    this.error = opts.error ?? message
    this.fieldErrors = opts.fieldErrors
    this.retryAfterSeconds = opts.retryAfterSeconds
    this.requiresPayment = opts.requiresPayment ?? false
  }

  /** The same refusal (code, status) told in other words: a call whose spec names its own text. */
  rephrase(message: string): AppError {
    return new AppError(this.code, this.status, message, { retryAfterSeconds: this.retryAfterSeconds })
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      title: this.title,
      message: this.message,
      error: this.error,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
      ...(this.requiresPayment ? { requiresPayment: true as const } : {}),
    }
  }
}

/** The refusals every endpoint shares. */
export const commonErrors = {
  unauthenticated: (message: string = MESSAGES.PLEASE_LOGIN) => new AppError('UNAUTHENTICATED', 401, message),
  forbidden: (message: string) => new AppError('FORBIDDEN', 403, message, { title: 'Not Allowed' }),
  notFound: (message = 'Not found.') => new AppError('NOT_FOUND', 404, message),
  invalidInput: (message: string, fieldErrors?: Record<string, string>) =>
    new AppError('INVALID_INPUT', 400, message, { title: 'Invalid Request', fieldErrors }),
}
