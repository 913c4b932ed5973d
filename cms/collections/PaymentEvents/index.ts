import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'

/**
 * Webhook events already applied, by Razorpay's `x-razorpay-event-id` (unique). Written by the
 * webhook service in the same transaction as the state change, so a redelivered event is a no-op.
 */
export const PaymentEvents: CollectionConfig = {
  slug: 'payment-events',
  admin: {
    useAsTitle: 'eventId',
    defaultColumns: ['eventId', 'event', 'createdAt'],
    group: 'Payments',
    hidden: hiddenUnless('admin'),
  },
  defaultSort: '-createdAt',
  access: { create: nobody, read: isAdmin, update: nobody, delete: isAdmin },
  fields: [
    { name: 'eventId', type: 'text', required: true, unique: true, index: true, maxLength: 120 },
    { name: 'event', type: 'text', required: true, maxLength: 100 },
  ],
  timestamps: true,
}
