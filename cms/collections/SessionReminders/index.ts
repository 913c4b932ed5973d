import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'

/**
 * The ledger of session reminders (docs/decisions/105): one row per session, kind (24 hours or 1
 * hour before) and calendar version (the session's SEQUENCE). The minute's tick inserts a row before
 * it hands the reminders to the channels, in one transaction, and the unique index lets one insert
 * win: two workers or a retried tick send each round once. A moved session has a higher SEQUENCE, so
 * its reminders for the new time are a new round.
 */
export const SessionReminders: CollectionConfig = {
  slug: 'session-reminders',
  labels: { singular: 'Session reminder', plural: 'Session reminders' },
  admin: {
    useAsTitle: 'kind',
    defaultColumns: ['session', 'kind', 'sequence', 'recipients', 'createdAt'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin'),
  },
  access: { create: nobody, read: isAdmin, update: nobody, delete: nobody },
  indexes: [{ fields: ['session', 'kind', 'sequence'], unique: true }],
  fields: [
    // Not required: a deleted session leaves its ledger rows (the foreign key sets null).
    { name: 'session', type: 'relationship', relationTo: 'sessions', index: true },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: '24 hours before', value: 'day' },
        { label: '1 hour before', value: 'hour' },
      ],
    },
    { name: 'sequence', type: 'number', required: true, admin: { description: 'The session’s calendar version it was sent for.' } },
    { name: 'recipients', type: 'number', admin: { description: 'How many people it went to (students with reminders on, the mentor).' } },
  ],
  timestamps: true,
}
