import { s3Storage } from '@payloadcms/storage-s3'
import type { Plugin } from 'payload'
import type { MediaStorage } from './env'

/**
 * The upload collections whose files the storage holds. An explicit (empty) prefix: the enabled
 * adapter adds its `prefix` field only when a prefix is given (`alwaysInsertFields` covers only the
 * disabled plugin), and without it the two modes' schemas differed (lib/media.test.ts).
 */
const COLLECTIONS = { media: { prefix: '' } }

/**
 * Uploads go to an S3-compatible bucket when S3_BUCKET is set (Payload's own adapter,
 * `@payloadcms/storage-s3`), else to the local folder (MEDIA_DIR). The plugin is applied in both
 * cases, enabled only for S3, with `alwaysInsertFields`: the collection gets the adapter's `prefix`
 * field either way, so the schema, the migrations and the admin's import map are the same whichever
 * storage a deployment uses (docs/decisions/162).
 */
export function mediaStoragePlugin(storage: MediaStorage): Plugin {
  if (storage.kind === 'local') {
    return s3Storage({ enabled: false, alwaysInsertFields: true, bucket: 'unused', collections: COLLECTIONS, config: {} })
  }
  return s3Storage({
    alwaysInsertFields: true,
    bucket: storage.bucket,
    collections: COLLECTIONS,
    config: {
      region: storage.region,
      ...(storage.endpoint ? { endpoint: storage.endpoint } : {}),
      forcePathStyle: storage.forcePathStyle,
      ...(storage.credentials ? { credentials: storage.credentials } : {}),
    },
  })
}

/** The local folder uploads are written to, or null when they go to S3. */
export const localMediaDir = (storage: MediaStorage): string | null => (storage.kind === 'local' ? storage.dir : null)
