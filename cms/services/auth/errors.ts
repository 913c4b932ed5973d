import type { AuthErrorBody, AuthErrorCode } from '@mentorloop/shared'

/**
 * A refused sign-in: a stable code for the site, an HTTP status, and a message a developer
 * reading logs understands. Never carries the token itself.
 */
export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'AuthError'
  }

  toBody(): AuthErrorBody {
    return { code: this.code, message: this.message }
  }
}
