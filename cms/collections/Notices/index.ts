import type { CollectionConfig } from 'payload'
import { adminOrOwner } from '../../access/adminOrOwner'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { myNoticesEndpoint } from './endpoints'

/**
 * What changed for a student without them doing it (docs/decisions/069-a-plan-pays-for-one-batch.md,
 * "Telling students"): a seat released by a refund, a hold that expired, a continuing seat that did
 * not fit, a credit refunded or lapsed. Written with the e-mail that says the same, in the same
 * transaction; the dashboard lists them. Nothing changes in silence.
 */
export const Notices: CollectionConfig = {
  slug: 'notices',
  labels: { singular: 'Notice', plural: 'Student notices' },
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['user', 'kind', 'title', 'createdAt'],
    group: 'People',
    hidden: hiddenUnless('admin'),
  },
  defaultSort: '-createdAt',
  access: { create: nobody, read: adminOrOwner, update: nobody, delete: isAdmin },
  endpoints: [myNoticesEndpoint],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'kind', type: 'text', required: true, index: true },
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'textarea', required: true },
  ],
  timestamps: true,
}
