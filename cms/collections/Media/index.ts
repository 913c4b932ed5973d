import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { anyone } from '../../access/anyone'
import { isEditor } from '../../access/isEditor'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export const Media: CollectionConfig = {
  slug: 'media',
  admin: { group: 'Content', hidden: hiddenUnless('admin', 'staff') },
  access: { create: isEditor, read: anyone, update: isEditor, delete: isEditor },
  upload: {
    // Local disk in development; production mounts a volume here or uses a storage adapter.
    staticDir: process.env.MEDIA_DIR ?? path.resolve(dirname, '../../../.data/media'),
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml'],
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, position: 'centre' },
      { name: 'card', width: 480, height: 480, position: 'centre' },
    ],
    adminThumbnail: 'thumbnail',
  },
  fields: [{ name: 'alt', type: 'text', required: true, admin: { description: 'Describe the image for screen readers.' } }],
}
