import { countWords, MESSAGES, REFUND_FEEDBACK_MAX_WORDS, REFUND_REASONS, REFUND_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOrOwner } from '../../access/adminOrOwner'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin, isAdminField } from '../../access/isAdmin'
import { requestRefundEndpoint } from './endpoints/requestRefund'
import { applyRefundDecision } from './hooks/applyRefundDecision'

export const RefundRequests: CollectionConfig = {
  slug: 'refund-requests',
  admin: {
    defaultColumns: ['user', 'payment', 'reason', 'status', 'createdAt'],
    group: 'Payments',
    hidden: hiddenUnless('admin'),
  },
  defaultSort: '-createdAt',
  endpoints: [requestRefundEndpoint],
  hooks: { beforeChange: [applyRefundDecision] },
  access: {
    // Students request refunds through the refund service, which checks ownership and state.
    create: isAdmin,
    read: adminOrOwner,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'payment', type: 'relationship', relationTo: 'payments', required: true, index: true },
    {
      name: 'reason',
      type: 'select',
      required: true,
      options: REFUND_REASONS.map((r) => ({ label: r, value: r })),
    },
    {
      name: 'feedback',
      type: 'textarea',
      validate: (value: unknown) => value == null || countWords(String(value)) <= REFUND_FEEDBACK_MAX_WORDS || MESSAGES.FEEDBACK_TOO_LONG,
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'requested',
      index: true,
      admin: {
        description:
          'Decide a request once: Approved refunds the payment through the gateway, ends the plan and frees the seat; Rejected e-mails the student your note below.',
      },
      options: REFUND_STATUSES.map((s) => ({ label: s[0].toUpperCase() + s.slice(1), value: s })),
    },
    {
      type: 'collapsible',
      label: 'Decision',
      fields: [
        {
          name: 'adminNote',
          type: 'textarea',
          // Staff's working note: the student reads it only as the reason of a rejection (payment history, e-mail).
          admin: { description: 'Shown to the student with a rejection.' },
          access: { read: isAdminField },
        },
        { name: 'gatewayRefundId', type: 'text', unique: true, index: true, admin: { readOnly: true } },
        {
          name: 'decidedBy',
          type: 'relationship',
          relationTo: 'users',
          index: true,
          admin: { readOnly: true },
          access: { read: isAdminField },
        },
        { name: 'decidedAt', type: 'date', admin: { readOnly: true } },
      ],
    },
  ],
  timestamps: true,
}
