import { sql } from '@payloadcms/db-postgres/drizzle'
import type { CollectionAfterChangeHook, CollectionAfterReadHook, SanitizedConfig } from 'payload'
import { txQuery } from './transaction'

/**
 * /admin's edit locks (docs/decisions/206). Payload locks a document while someone edits it and,
 * after a save, only forgets the lock in the editor's browser: the lock row stays until its
 * duration runs out (5 minutes), so a mentor who saved a profile draft and left kept staff out of it.
 * And the lock dialog names the holder by their e-mail, or "User: 3" to staff, who may not read
 * accounts. Two rules here:
 * - a save releases the saver's own lock on that document (what /admin's form already assumes);
 *   editing on after the save takes a fresh lock;
 * - a lock names its holder: the lock's user is read as `{ id, email: <their name> }`, the one field
 *   Payload's dialog and list icon show, and nothing else of the account reaches the browser.
 */
export const LOCKS = 'payload-locked-documents'

type LockUser = { relationTo?: string; value?: unknown } | null | undefined

const idOf = (v: unknown) => Number(v && typeof v === 'object' ? (v as { id: unknown }).id : v)

/** A saved document is no longer being edited by the one who saved it: their lock on it goes. */
export const releaseOwnLockOnSave: CollectionAfterChangeHook = async ({ collection, doc, req }) => {
  if (!req.user || !req.payload.collections[LOCKS]) return doc
  await req.payload.db.deleteMany({
    collection: LOCKS,
    req,
    where: {
      and: [
        { 'document.relationTo': { equals: collection.slug } },
        { 'document.value': { equals: doc.id } },
        { 'user.relationTo': { equals: req.user.collection } },
        { 'user.value': { equals: req.user.id } },
      ],
    },
  })
  return doc
}

/** How a lock names its holder: their name, else their e-mail, else "another user". */
export const lockHolderLabel = (u: { name?: string | null; email?: string | null } | undefined) =>
  u?.name?.trim() || u?.email?.trim() || 'another user'

export const nameTheLockHolder: CollectionAfterReadHook = async ({ doc, req }) => {
  const user = doc?.user as LockUser
  const id = idOf(user?.value)
  if (!user || !Number.isInteger(id)) return doc
  const [row] = await txQuery<{ name: string | null; email: string | null }>(req, sql`SELECT name, email FROM users WHERE id = ${id}`)
  return { ...doc, user: { relationTo: user.relationTo ?? 'users', value: { id, email: lockHolderLabel(row ?? undefined) } } }
}

/** Applies both rules to the sanitized config (the locks collection exists only after buildConfig). */
export async function withNamedLocks(config: Promise<SanitizedConfig>): Promise<SanitizedConfig> {
  const sanitized = await config
  for (const collection of sanitized.collections) {
    if (collection.slug === LOCKS) {
      collection.hooks.afterRead = [...(collection.hooks.afterRead ?? []), nameTheLockHolder]
    } else if (collection.lockDocuments !== false && collection.versions?.drafts) {
      // The drafts-then-publish collections (a mentor's profile, the content staff edit).
      collection.hooks.afterChange = [...(collection.hooks.afterChange ?? []), releaseOwnLockOnSave]
    }
  }
  return sanitized
}
