import type { CollectionAfterErrorHook } from 'payload'
import { checkRole } from '../../../access/checkRole'

export const USER_NOT_SAVED = 'We could not save these changes. Please check them and try again.'

type FieldError = { path?: string; message?: string }

/** A validation error that says which e-mail address or Google account already holds an account. */
export function revealsWhoIsRegistered(error: unknown): boolean {
  const e = error as { name?: string; message?: string; data?: { errors?: FieldError[] } } | null
  if (e?.name !== 'ValidationError') return false
  const errors = e.data?.errors ?? []
  return errors.some((f) => /unique|another account/i.test(f.message ?? '') || f.path === 'email' || f.path === 'googleSub')
}

/**
 * Which e-mail addresses (or Google accounts) hold an account is nobody's business but an admin's:
 * a non-admin whose change to a user hits a uniqueness rule reads one generic 400, never which
 * value clashed.
 */
export const hideUniquenessFromNonAdmins: CollectionAfterErrorHook = ({ error, req }) => {
  if (checkRole(req.user, 'admin') || !revealsWhoIsRegistered(error)) return
  return { response: { errors: [{ message: USER_NOT_SAVED }] }, status: 400 }
}
