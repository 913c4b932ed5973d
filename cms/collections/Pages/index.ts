import { COPY_PLACEHOLDERS_HELP } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { publishedOrEditor } from '../../access/publishedOrEditor'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'

/** Policy pages: terms, privacy, cancellation and refund, shipping and delivery, cookies. */
export const Pages: CollectionConfig = {
  slug: 'pages',
  admin: {
    description: COPY_PLACEHOLDERS_HELP,
    useAsTitle: 'title',
    defaultColumns: ['title', 'slug', 'updatedAt', '_status'],
    group: 'Content',
    hidden: hiddenUnless('admin', 'staff'),
  },
  // The site caches public content; tell it when published content changes.
  hooks: { afterChange: [revalidateAfterChange('pages')], afterDelete: [revalidateAfterDelete('pages')] },
  versions: { drafts: true, maxPerDoc: 20 },
  access: { create: isEditor, read: publishedOrEditor, update: isEditor, delete: isEditor, readVersions: isEditor },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'The address: /terms, /privacy, /cancellation, /shipping, /cookies.' },
      validate: (v: unknown) => /^[a-z0-9-]+$/.test(String(v ?? '')) || 'Use lower-case letters, digits and dashes only.',
    },
    { name: 'summary', type: 'textarea', maxLength: 300, admin: { description: 'Search engines show this.' } },
    { name: 'content', type: 'richText', required: true },
  ],
  timestamps: true,
}
