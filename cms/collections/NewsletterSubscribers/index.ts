import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { nobody } from '../../access/nobody'
import { subscribe } from './endpoints/subscribe'

export const NewsletterSubscribers: CollectionConfig = {
  slug: 'newsletter-subscribers',
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'createdAt'],
    group: 'People',
    hidden: hiddenUnless('admin', 'staff'),
  },
  defaultSort: '-createdAt',
  endpoints: [subscribe],
  access: {
    // The site subscribes visitors through the newsletter endpoint, which handles duplicates.
    create: nobody,
    read: isEditor,
    update: isEditor,
    delete: isEditor,
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    { name: 'email', type: 'email', required: true, unique: true, index: true },
  ],
  timestamps: true,
}
