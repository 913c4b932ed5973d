import { PAYMENT_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOrOwner } from '../../access/adminOrOwner'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin, isAdminField } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { STUDENT_SEARCH_FIELDS, studentFields } from '../../fields/studentFields'
import { ABANDONED_HELP, hideAbandonedOrders } from './abandonedOrders'
import { checkoutClosedEndpoint } from './endpoints/checkoutClosed'
import { createOrderEndpoint } from './endpoints/createOrder'
import { activePlansEndpoint, hasPlanEndpoint, historyEndpoint } from './endpoints/queries'
import { receiptEndpoint } from './endpoints/receipt'
import { sandboxCheckoutEndpoint } from './endpoints/sandboxCheckout'
import { verifyPaymentEndpoint } from './endpoints/verifyPayment'
import { webhookEndpoint } from './endpoints/webhook'

export const Payments: CollectionConfig = {
  slug: 'payments',
  admin: {
    listSearchableFields: STUDENT_SEARCH_FIELDS,
    // Lists read only their columns (Payload's select API), not whole documents with their
    // relationships and arrays: docs/decisions/104.
    enableListViewSelectAPI: true,
    defaultColumns: ['studentName', 'plan', 'amount', 'status', 'subscriptionEnds', 'createdAt'],
    group: 'Payments',
    hidden: hiddenUnless('admin'),
    baseFilter: hideAbandonedOrders,
    description: ABANDONED_HELP,
  },
  // The student's name for a mentor is looked up through `user` (fields/studentFields.ts).
  forceSelect: { user: true },
  defaultSort: '-createdAt',
  // Custom endpoints first: they are matched before Payload's own routes on this slug.
  endpoints: [
    createOrderEndpoint,
    verifyPaymentEndpoint,
    checkoutClosedEndpoint,
    receiptEndpoint,
    webhookEndpoint,
    hasPlanEndpoint,
    activePlansEndpoint,
    historyEndpoint,
    sandboxCheckoutEndpoint,
  ],
  access: {
    // Payments are written only by the payment service after the gateway says so.
    create: nobody,
    read: adminOrOwner,
    update: nobody,
    delete: isAdmin,
  },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    ...studentFields,
    { name: 'plan', type: 'relationship', relationTo: 'plans', required: true, index: true },
    { name: 'mentor', type: 'relationship', relationTo: 'mentors', index: true },
    {
      type: 'row',
      fields: [
        {
          name: 'amount',
          type: 'number',
          required: true,
          min: 0,
          admin: {
            description: 'Stored in paise (79900 = ₹799); shown in rupees in the list and below.',
            components: { Cell: '/components/admin/RupeesCell', afterInput: ['/components/admin/RupeesHint'] },
          },
        },
        { name: 'currency', type: 'text', required: true, defaultValue: 'INR' },
        {
          name: 'status',
          type: 'select',
          required: true,
          defaultValue: 'created',
          index: true,
          options: PAYMENT_STATUSES.map((s) => ({ label: s[0].toUpperCase() + s.slice(1), value: s })),
        },
      ],
    },
    {
      // Set when the student closes the checkout without paying (POST /api/payments/checkout-closed):
      // the list hides the order at once, not after the hour (abandonedOrders.ts). The order stays
      // payable: a payment already under way (a UPI request approved later) still completes it.
      name: 'checkoutClosedAt',
      type: 'date',
      admin: {
        readOnly: true,
        condition: (data) => Boolean(data?.checkoutClosedAt),
        description: 'When the student closed the checkout without paying. A payment already under way may still complete this order.',
      },
    },
    {
      name: 'gateway',
      type: 'select',
      required: true,
      defaultValue: 'sandbox',
      options: [
        { label: 'Razorpay', value: 'razorpay' },
        { label: 'Sandbox', value: 'sandbox' },
        { label: 'Complimentary (granted by an admin)', value: 'complimentary' },
      ],
    },
    {
      name: 'grantedBy',
      type: 'relationship',
      relationTo: 'users',
      admin: { condition: (data) => data?.gateway === 'complimentary', description: 'The admin who granted this plan.' },
      access: { read: isAdminField },
    },
    {
      name: 'note',
      type: 'textarea',
      maxLength: 500,
      admin: { condition: (data) => data?.gateway === 'complimentary' },
      // The granting admin's note is for staff, not the student.
      access: { read: isAdminField },
    },
    {
      name: 'offer',
      type: 'relationship',
      relationTo: 'seat-offers',
      // Not populated: payment -> held seat -> its booking -> payment is a cycle of relations.
      maxDepth: 0,
      admin: { description: 'The held seat this purchase claims, if any.', readOnly: true },
    },
    {
      // The discount code the order was made with (services/offers, decision 195): the code as
      // applied, kept as it was, and what it took off; `amount` is what the student paid.
      type: 'row',
      fields: [
        { name: 'discountCode', type: 'text', index: true, admin: { readOnly: true, description: 'The discount code applied, if any.' } },
        {
          name: 'discountAmount',
          label: 'Discount',
          type: 'number',
          min: 0,
          admin: {
            readOnly: true,
            description: 'In paise: what the code took off the plan’s price.',
            components: { Cell: '/components/admin/RupeesCell', afterInput: ['/components/admin/DiscountHint'] },
          },
        },
      ],
    },
    {
      name: 'batch',
      type: 'relationship',
      relationTo: 'batches',
      index: true,
      admin: {
        readOnly: true,
        description:
          'The batch this mentorship payment pays for (a plan pays for one batch). Empty on a completed payment: a credit that the student’s next seat uses, refunded automatically if no seat comes by its deadline (the plan period’s end).',
      },
    },
    {
      name: 'creditEndedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar', description: 'When an unused credit was refunded automatically or lapsed.' },
      access: { read: isAdminField },
    },
    { name: 'gatewayOrderId', type: 'text', required: true, unique: true, index: true },
    {
      // The reconciliation sweep's bookkeeping (services/payments/reconcile.ts, docs/decisions/160).
      type: 'row',
      fields: [
        {
          name: 'reconcileChecks',
          type: 'number',
          defaultValue: 0,
          admin: { readOnly: true, description: 'How often the sweep asked the gateway about this unpaid order.' },
          access: { read: isAdminField },
        },
        {
          name: 'reconcileAt',
          type: 'date',
          admin: { readOnly: true, description: 'When the sweep asks the gateway next (empty: when it is 15 minutes old).' },
          access: { read: isAdminField },
        },
      ],
    },
    { name: 'gatewayPaymentId', type: 'text', unique: true, index: true },
    {
      type: 'row',
      fields: [
        // Said as what the payment covers, not a "subscription" (docs/vocabulary.md): the batch it pays for, or a credit's deadline.
        { name: 'subscriptionStarts', label: 'Covers from', type: 'date', index: true },
        {
          name: 'subscriptionEnds',
          label: 'Covers until (a credit: its deadline)',
          type: 'date',
          index: true,
          // Kept as the moment after the last day covered: lists and the India-time line name that day.
          custom: { endsAfterLastDay: true },
        },
      ],
    },
  ],
  timestamps: true,
}
