import { COPY_PLACEHOLDERS_HELP } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { publishedOrEditor } from '../../access/publishedOrEditor'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'

export const Faqs: CollectionConfig = {
  slug: 'faqs',
  labels: { singular: 'FAQ', plural: 'FAQ' },
  admin: {
    description: COPY_PLACEHOLDERS_HELP,
    useAsTitle: 'question',
    defaultColumns: ['question', 'order', '_status'],
    group: 'Content',
    hidden: hiddenUnless('admin', 'staff'),
  },
  defaultSort: 'order',
  // The site caches public content; tell it when published content changes.
  hooks: { afterChange: [revalidateAfterChange('faqs')], afterDelete: [revalidateAfterDelete('faqs')] },
  versions: { drafts: true, maxPerDoc: 20 },
  access: { create: isEditor, read: publishedOrEditor, update: isEditor, delete: isEditor, readVersions: isEditor },
  fields: [
    { name: 'question', type: 'text', required: true, maxLength: 200 },
    { name: 'answer', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'order', type: 'number', defaultValue: 100, index: true },
  ],
  timestamps: true,
}
