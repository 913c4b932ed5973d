import type { CollectionConfig, Endpoint } from 'payload'
import { endpoint } from './endpoint'
import { commonErrors } from './errors'

/**
 * Payload registers every auth route on an auth collection, including e-mail verification, which
 * we do not use (sign-in is Google's, and staff accounts are made by admins). Called, that route
 * queries a column that does not exist and answers 500. A collection's own endpoints come before
 * Payload's, so each unused flow is answered here as what it is: no such route (404).
 */
export function withUnusedAuthRoutesClosed(collection: CollectionConfig): CollectionConfig {
  if (!collection.auth || collection.endpoints === false) return collection
  const verifies = typeof collection.auth === 'object' && Boolean(collection.auth.verify)
  const closed: Endpoint[] = verifies
    ? []
    : [
        endpoint({
          path: '/verify/:id',
          method: 'post',
          auth: 'public',
          failure: 'E-mail verification is not used.',
          handler: async () => {
            throw commonErrors.notFound('E-mail verification is not used on this site.')
          },
        }),
      ]
  return { ...collection, endpoints: [...(collection.endpoints || []), ...closed] }
}
