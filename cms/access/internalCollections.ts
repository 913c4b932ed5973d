import type { Access, CollectionConfig, GlobalConfig, SanitizedConfig, Where } from 'payload'
import { checkRole } from './checkRole'
import { isAdmin } from './isAdmin'
import { nobody } from './nobody'

/** /admin's users (admins, staff, mentors) see and release the edit locks of the panel. */
const panelUser: Access = ({ req: { user } }) => checkRole(user, 'admin', 'staff', 'mentor')

/** A signed-in user's own /admin preferences (Payload's rule, written out). */
const ownPreferences: Access = ({ req: { user } }) => {
  if (!user) return false
  const own: Where = { and: [{ 'user.value': { equals: user.id } }, { 'user.relationTo': { equals: user.collection } }] }
  return own
}

type CollectionAccess = NonNullable<CollectionConfig['access']>
type GlobalAccess = NonNullable<GlobalConfig['access']>

/**
 * Access of the collections and globals Payload adds itself, written out instead of Payload's
 * default ("anyone signed in"). Payload's own code writes them with overrideAccess (locks from the
 * form state, preferences through their endpoints, jobs, migrations), so REST and GraphQL get only
 * what /admin needs. `payload-jobs` is set through jobsCollectionOverrides and `payload-kv` through
 * the kv adapter (both in payload.config.ts); these three exist only after buildConfig.
 */
export const INTERNAL_COLLECTION_ACCESS: Record<string, CollectionAccess> = {
  // The panel reads, takes over and releases locks over REST; it creates them itself.
  'payload-locked-documents': { create: nobody, read: panelUser, update: panelUser, delete: panelUser },
  'payload-preferences': { create: nobody, read: ownPreferences, update: ownPreferences, delete: ownPreferences },
  'payload-migrations': { create: nobody, read: nobody, update: nobody, delete: nobody },
}

export const JOBS_ACCESS: CollectionAccess = { create: nobody, read: isAdmin, update: nobody, delete: nobody }
export const KV_ACCESS: CollectionAccess = { create: nobody, read: nobody, update: nobody, delete: nobody }

export const INTERNAL_GLOBAL_ACCESS: Record<string, GlobalAccess> = {
  'payload-jobs-stats': { read: isAdmin, update: nobody },
}

/** Applies the access above to the sanitized config (the plugin-style map after buildConfig). */
export async function withInternalAccess(config: Promise<SanitizedConfig>): Promise<SanitizedConfig> {
  const sanitized = await config
  for (const collection of sanitized.collections) {
    const access = INTERNAL_COLLECTION_ACCESS[collection.slug]
    if (access) collection.access = { ...collection.access, ...access }
  }
  for (const global of sanitized.globals) {
    const access = INTERNAL_GLOBAL_ACCESS[global.slug]
    if (access) global.access = { ...global.access, ...access }
  }
  return sanitized
}
