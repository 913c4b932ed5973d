import type { Role } from '@mentorloop/shared'

/** True when the user holds at least one of the roles. */
export function checkRole(user: unknown, ...roles: Role[]): boolean {
  const held = (user as { roles?: unknown } | null | undefined)?.roles
  if (!Array.isArray(held)) return false
  return roles.some((role) => held.includes(role))
}
