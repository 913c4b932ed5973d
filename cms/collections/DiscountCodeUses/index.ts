import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { nobody } from '../../access/nobody'
import { DISCOUNT_USE_STATUSES } from '../../services/offers/uses'

/**
 * One use of a discount code (decision 196): `reserved` when an order is created with it (the code
 * row is locked while the uses are counted, so the last use goes to one checkout), `used` when its
 * payment is verified (through completePayment, the one completion path), `released` when the
 * payment fails or a new checkout of the same student replaces it. A reservation no payment took
 * within its `expiresAt` stops counting. Written only by services/offers.
 */
export const DiscountCodeUses: CollectionConfig = {
  slug: 'discount-code-uses',
  labels: { singular: 'Discount code use', plural: 'Discount code uses' },
  admin: {
    defaultColumns: ['discountCode', 'user', 'status', 'amount', 'createdAt'],
    group: 'Discounts',
    hidden: hiddenUnless('admin', 'staff'),
  },
  defaultSort: '-createdAt',
  access: { create: nobody, read: isEditor, update: nobody, delete: nobody },
  fields: [
    { name: 'discountCode', type: 'relationship', relationTo: 'discount-codes', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'plan', type: 'relationship', relationTo: 'plans', required: true },
    // One use per payment: the unique key backs "a use is counted once".
    { name: 'payment', type: 'relationship', relationTo: 'payments', unique: true, index: true, maxDepth: 0 },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'reserved',
      index: true,
      options: DISCOUNT_USE_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
    },
    {
      name: 'amount',
      label: 'Discount',
      type: 'number',
      required: true,
      min: 0,
      admin: { description: 'In paise.', components: { Cell: '/components/admin/RupeesCell' } },
    },
    { name: 'expiresAt', type: 'date', required: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
