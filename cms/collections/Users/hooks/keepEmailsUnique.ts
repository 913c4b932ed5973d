import type { CollectionBeforeChangeHook } from 'payload'
import { ValidationError } from 'payload'

export const EMAIL_TAKEN = 'That e-mail address belongs to another account.'

/**
 * An account's e-mail changes only to an address nobody holds (the field itself is admin-only, so
 * this is an admin's or the server's change): checked here, case-insensitively, so the admin reads
 * a plain sentence instead of the database's unique-constraint error.
 */
export const keepEmailsUnique: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const next = typeof data.email === 'string' ? data.email.trim().toLowerCase() : undefined
  if (!next || next === String(originalDoc?.email ?? '').toLowerCase()) return data
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: next }, ...(originalDoc?.id ? { id: { not_equals: originalDoc.id } } : {}) },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  if (docs.length > 0) throw new ValidationError({ collection: 'users', errors: [{ path: 'email', message: EMAIL_TAKEN }], req })
  return { ...data, email: next }
}
