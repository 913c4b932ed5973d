import type { FieldHook } from 'payload'

/**
 * /admin's "create first user" screen (POST /api/users/first-register, refused by Payload once any
 * user exists) makes the very first account an admin; otherwise a fresh production database
 * would have nobody able to open the panel. Only that route: every other create keeps its roles.
 */
export const ensureFirstUserIsAdmin: FieldHook = ({ operation, req, value }) => {
  if (operation !== 'create' || !req.pathname?.endsWith('/first-register')) return value
  const roles = new Set<string>(Array.isArray(value) ? value : [])
  roles.add('admin')
  return [...roles]
}
