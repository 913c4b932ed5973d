/** The PostgreSQL error (code, constraint) behind an error thrown by Drizzle or Payload, if any. */
export function pgError(error: unknown): { code?: string; constraint?: string; message: string } | null {
  let e: unknown = error
  for (let depth = 0; e && depth < 6; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown }
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        message: String(candidate.message ?? ''),
      }
    }
    e = candidate.cause
  }
  const text = String((error as { message?: unknown })?.message ?? '')
  const named = /bookings_one_confirmed_per_user|waitlist_one_waiting_per_user_mentor|bookings_mentor_capacity/.exec(text)
  return named ? { constraint: named[0], message: text } : null
}

export const isConstraint = (error: unknown, name: string) => pgError(error)?.constraint === name

/**
 * Payload turns a unique violation into a ValidationError ("Value must be unique" on a path) and
 * loses the constraint name; this recognises it for a collection's column.
 */
export function isUniqueViolation(error: unknown, collection: string, column: string): boolean {
  const pg = pgError(error)
  if (pg?.code === '23505') return true
  const data = (error as { data?: { collection?: string; errors?: { path?: string }[] } })?.data
  return data?.collection === collection && Boolean(data.errors?.some((e) => e.path === column || e.path === column.replace(/_id$/, '')))
}
