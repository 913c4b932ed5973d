import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { anyone } from '../../access/anyone'
import { isEditor } from '../../access/isEditor'
import { env } from '../../lib/env'

export const Media: CollectionConfig = {
  slug: 'media',
  admin: { group: 'Content', hidden: hiddenUnless('admin', 'staff') },
  access: { create: isEditor, read: anyone, update: isEditor, delete: isEditor },
  upload: {
    // Local disk (MEDIA_DIR; production mounts a volume there), unless S3 takes the files (lib/media.ts).
    staticDir: env.media.kind === 'local' ? env.media.dir : undefined,
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml'],
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, position: 'centre' },
      { name: 'card', width: 480, height: 480, position: 'centre' },
    ],
    adminThumbnail: 'thumbnail',
  },
  fields: [{ name: 'alt', type: 'text', required: true, admin: { description: 'Describe the image for screen readers.' } }],
}
