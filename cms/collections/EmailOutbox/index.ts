import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'

/**
 * Every e-mail the product sends, from the moment it is queued (in the transaction of the step that
 * causes it) to its outcome: the outbox is the e-mail queue itself (docs/decisions/070-jobs-run-once.md).
 * A sender claims queued rows (`FOR UPDATE SKIP LOCKED`), so each is sent by one runner; urgent and
 * normal mail has its own lane, so a month-end's bulk mail never holds up an offer or a receipt.
 * Without SMTP (development, tests) a message is captured here instead of being sent.
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
      defaultValue: 'queued',
      options: [
        { label: 'Queued', value: 'queued' },
        { label: 'Sending', value: 'sending' },
        { label: 'Captured (not sent: no SMTP configured)', value: 'captured' },
        { label: 'Sent', value: 'sent' },
        { label: 'Failed', value: 'failed' },
      ],
    },
    {
      name: 'priority',
      type: 'number',
      required: true,
      defaultValue: 1,
      admin: { description: '0 urgent (held seats, payments, refunds), 1 normal, 2 bulk (month-end mail): each lane is sent on its own.' },
    },
    {
      name: 'dedupeKey',
      type: 'text',
      unique: true,
      admin: { description: 'One message per key: the same event queued twice is sent once.' },
    },
    { name: 'attempts', type: 'number', defaultValue: 0, admin: { readOnly: true } },
    { name: 'nextAttemptAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'claimedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'sentAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'messageId', type: 'text', admin: { readOnly: true } },
    { name: 'error', type: 'text' },
    { name: 'text', type: 'textarea' },
    { name: 'html', type: 'textarea', admin: { hidden: true } },
    {
      name: 'calendar',
      type: 'textarea',
      admin: { readOnly: true, description: 'A calendar entry (.ics) sent with the message: sessions, moves, cancellations, reminders.' },
    },
  ],
  timestamps: true,
}
