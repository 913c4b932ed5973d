import {
  countWords,
  MESSAGES,
  REFUND_FEEDBACK_MAX_WORDS,
  REFUND_REASONS,
  REFUND_STATUSES,
  type RefundStatus,
  refundReasonLabel,
} from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOrOwner } from '../../access/adminOrOwner'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin, isAdminField } from '../../access/isAdmin'
import { STUDENT_SEARCH_FIELDS, studentFields } from '../../fields/studentFields'
import { decideRefundEndpoint } from './endpoints/decideRefund'
import { requestRefundEndpoint } from './endpoints/requestRefund'
import { withdrawRefundEndpoint } from './endpoints/withdrawRefund'
import { applyRefundDecision } from './hooks/applyRefundDecision'

const STATUS_LABELS: Record<RefundStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  pending: 'Refund pending',
  refunded: 'Refunded',
  failed: 'Refund failed',
  rejected: 'Rejected',
}

/** What the refund job records: staff read it (students never), the refund service writes it. */
const machineField = { access: { read: isAdminField } }

export const RefundRequests: CollectionConfig = {
  slug: 'refund-requests',
  admin: {
    listSearchableFields: STUDENT_SEARCH_FIELDS,
    // Lists read only their columns (Payload's select API), not whole documents with their
    // relationships and arrays: docs/decisions/104.
    enableListViewSelectAPI: true,
    // Titled by the student (a virtual field through `user`), listed with the amount asked back,
    // not "ID: 4" and "Payment: 11" (issue 32).
    useAsTitle: 'studentName',
    defaultColumns: ['studentName', 'amount', 'reason', 'status', 'attempts', 'createdAt'],
    group: 'Payments',
    hidden: hiddenUnless('admin'),
  },
  // The student's name for a mentor is looked up through `user` (fields/studentFields.ts).
  forceSelect: { user: true, payment: true },
  defaultSort: '-createdAt',
  endpoints: [requestRefundEndpoint, decideRefundEndpoint, withdrawRefundEndpoint],
  hooks: { beforeChange: [applyRefundDecision] },
  access: {
    // Students request refunds through the refund service, which checks ownership and state.
    create: isAdmin,
    read: adminOrOwner,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    {
      // What is asked back and why, with Approve / Reject (admins only): the one way to decide in the
      // panel; every field below is shown, not edited (docs/decisions/101).
      name: 'decision',
      type: 'ui',
      admin: { components: { Field: '/components/admin/RefundDecision' } },
    },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true, admin: { readOnly: true } },
    ...studentFields,
    { name: 'payment', type: 'relationship', relationTo: 'payments', required: true, index: true, admin: { readOnly: true } },
    {
      // What the payment took, read through `payment` (nothing stored): the list's Amount column.
      name: 'amount',
      label: 'Amount',
      type: 'number',
      virtual: 'payment.amount',
      admin: { readOnly: true, disableBulkEdit: true, components: { Cell: '/components/admin/RupeesCell' } },
    },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'student',
      options: [
        { label: 'Asked by the student', value: 'student' },
        { label: 'Automatic (an unused plan credit, or a payment that came after its seat passed on)', value: 'automatic' },
      ],
      admin: { readOnly: true, position: 'sidebar' },
    },
    {
      name: 'reason',
      type: 'select',
      // The student chooses one; an automatic refund has none.
      validate: (value: unknown, { siblingData }: { siblingData: { source?: string } }) =>
        siblingData?.source === 'automatic' || Boolean(value) || 'Choose a reason.',
      // Shown in the words the student chose it by (refundReasonLabel: "Other (tell us below)"); the
      // stored value stays the spec's text (issue 32: "the refund reason as the student wrote it").
      options: REFUND_REASONS.map((r) => ({ label: refundReasonLabel(r), value: r })),
      admin: { readOnly: true },
    },
    {
      name: 'feedback',
      type: 'textarea',
      admin: { readOnly: true },
      validate: (value: unknown) => value == null || countWords(String(value)) <= REFUND_FEEDBACK_MAX_WORDS || MESSAGES.FEEDBACK_TOO_LONG,
    },
    {
      // The student's answer in the refund dialog (issue 37): keep the held seat in the mentor's next
      // batch when the refunded seat's batch is running. Unset: kept (an admin's refund never asks).
      name: 'keepNextHold',
      type: 'checkbox',
      admin: { readOnly: true },
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'requested',
      index: true,
      admin: {
        // Shown, never chosen: the Approve / Reject buttons above decide; the refund job and the
        // gateway's webhooks move it on (Refund pending, Refunded, Refund failed).
        readOnly: true,
        position: 'sidebar',
        description:
          'Set by the Approve and Reject buttons, then by the refund: Approved, Refund pending (the gateway took it), Refunded, or Refund failed (approve it again to retry).',
      },
      options: REFUND_STATUSES.map((s) => ({ label: STATUS_LABELS[s], value: s })),
    },
    {
      type: 'collapsible',
      label: 'Decision',
      fields: [
        {
          name: 'adminNote',
          type: 'textarea',
          // Staff's working note: the student reads it only as the reason of a rejection (payment history, e-mail).
          admin: { readOnly: true, description: 'Written in the Reject dialog; shown to the student with the rejection.' },
          access: { read: isAdminField },
        },
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
    {
      type: 'collapsible',
      label: 'Gateway refund',
      admin: { condition: (data) => Boolean(data?.idempotencyKey) },
      fields: [
        { name: 'gatewayRefundId', type: 'text', unique: true, index: true, admin: { readOnly: true } },
        {
          name: 'refundedAt',
          type: 'date',
          admin: { readOnly: true, description: 'When the gateway reported the money returned.' },
        },
        {
          name: 'idempotencyKey',
          type: 'text',
          unique: true,
          index: true,
          ...machineField,
          admin: { readOnly: true, description: 'Sent with every gateway call for this refund, so a retry never refunds twice.' },
        },
        {
          name: 'attempts',
          type: 'number',
          defaultValue: 0,
          ...machineField,
          admin: { readOnly: true, description: 'Gateway calls made.' },
        },
        {
          name: 'nextAttemptAt',
          type: 'date',
          ...machineField,
          admin: {
            readOnly: true,
            description: 'When the refund job tries again (while Approved).',
            date: { pickerAppearance: 'dayAndTime' },
          },
        },
        {
          name: 'lastError',
          type: 'textarea',
          ...machineField,
          admin: { readOnly: true, description: 'Why the last gateway call failed.' },
        },
      ],
    },
  ],
  timestamps: true,
}
