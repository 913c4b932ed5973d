import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { CollectionConfig, PayloadRequest, UploadConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { anyone } from '../../access/anyone'
import { isEditor } from '../../access/isEditor'
import { env } from '../../lib/env'
import { commonErrors } from '../../lib/errors'
import { refusal } from '../../lib/restGuard'

/**
 * GET /api/media/file/:name for a file that is not in the folder is 404. Payload answers it with a
 * 500 ("Something went wrong."), and anyone may ask for any name (media are public): the fuzz run
 * found it. Runs before Payload's own handler, which serves the files that are there.
 */
const missingFileIsNotFound = (dir: string): UploadHandler =>
  (async (_req: PayloadRequest, { params }: { params: { filename: string } }): Promise<Response | undefined> => {
    const file = path.resolve(dir, params.filename)
    if (!file.startsWith(dir + path.sep)) return undefined // Payload refuses it (400)
    const found = await stat(file).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : undefined))
    return found === null ? refusal(commonErrors.notFound('No such file.')) : undefined
  }) as UploadHandler
// Payload types a handler's answer as a Response or nothing, each on its own; it checks `instanceof Response`.
type UploadHandler = NonNullable<UploadConfig['handlers']>[number]

export const Media: CollectionConfig = {
  slug: 'media',
  admin: { group: 'Content', hidden: hiddenUnless('admin', 'staff') },
  access: { create: isEditor, read: anyone, update: isEditor, delete: isEditor },
  upload: {
    // Local disk (MEDIA_DIR; production mounts a volume there), unless S3 takes the files (lib/media.ts).
    staticDir: env.media.kind === 'local' ? env.media.dir : undefined,
    handlers: env.media.kind === 'local' ? [missingFileIsNotFound(env.media.dir)] : [],
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml'],
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, position: 'centre' },
      { name: 'card', width: 480, height: 480, position: 'centre' },
    ],
    adminThumbnail: 'thumbnail',
  },
  fields: [{ name: 'alt', type: 'text', required: true, admin: { description: 'Describe the image for screen readers.' } }],
}
