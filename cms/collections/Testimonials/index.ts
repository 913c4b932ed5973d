import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { publishedOrEditor } from '../../access/publishedOrEditor'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'

export const Testimonials: CollectionConfig = {
  slug: 'testimonials',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'role', 'order', '_status'],
    group: 'Content',
    hidden: hiddenUnless('admin', 'staff'),
  },
  defaultSort: 'order',
  // The site caches public content; tell it when published content changes.
  hooks: { afterChange: [revalidateAfterChange('testimonials')], afterDelete: [revalidateAfterDelete('testimonials')] },
  versions: { drafts: true, maxPerDoc: 20 },
  access: { create: isEditor, read: publishedOrEditor, update: isEditor, delete: isEditor, readVersions: isEditor },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    { name: 'role', type: 'text', required: true, maxLength: 120, admin: { description: 'e.g. "Final-year CSE, placed at Amazon"' } },
    { name: 'text', type: 'textarea', required: true, maxLength: 600 },
    { name: 'order', type: 'number', defaultValue: 100, index: true },
  ],
  timestamps: true,
}
