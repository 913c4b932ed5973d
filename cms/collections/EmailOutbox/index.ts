import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'

/**
 * Every e-mail the product sends, with its outcome. With SMTP configured it is an audit log;
 * without (development, tests) it is where the messages are captured instead of being sent.
 */
export const EmailOutbox: CollectionConfig = {
  slug: 'email-outbox',
  labels: { singular: 'E-mail', plural: 'E-mail outbox' },
  admin: {
    useAsTitle: 'subject',
    defaultColumns: ['to', 'subject', 'template', 'status', 'createdAt'],
    group: 'People',
    hidden: hiddenUnless('admin'),
  },
  defaultSort: '-createdAt',
  access: { create: nobody, read: isAdmin, update: nobody, delete: isAdmin },
  fields: [
    { name: 'to', type: 'text', required: true, index: true },
    { name: 'subject', type: 'text', required: true },
    { name: 'template', type: 'text', index: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      options: [
        { label: 'Captured (not sent: no SMTP configured)', value: 'captured' },
        { label: 'Sent', value: 'sent' },
        { label: 'Failed', value: 'failed' },
      ],
    },
    { name: 'error', type: 'text' },
    { name: 'text', type: 'textarea' },
    { name: 'html', type: 'textarea', admin: { hidden: true } },
  ],
  timestamps: true,
}
