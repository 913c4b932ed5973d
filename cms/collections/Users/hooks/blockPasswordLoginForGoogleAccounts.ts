import { APIError, type CollectionBeforeLoginHook } from 'payload'

/**
 * An account created by Google sign-in has a random password nobody knows; refuse password login
 * for it outright so the password form can never be a way around Google. Admins may allow it
 * (e.g. for a mentor who schedules sessions in /admin) by ticking "Allow password sign-in to /admin".
 */
export const blockPasswordLoginForGoogleAccounts: CollectionBeforeLoginHook = ({ user }) => {
  if (user && user.passwordLogin === false) {
    throw new APIError('This account signs in with Google. Use "Sign in" on the site instead.', 403, null, true)
  }
  return user
}
