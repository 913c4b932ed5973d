import { TIME_ZONE } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { adminOnlyField, adminOrMentor, adminOrOwnMentorDocs } from '../../access/mentorScope'
import { announceSessionChange, announceSessionDeleted, raiseSequence } from './hooks/announceSessionChange'
import { sessionInItsBatch } from './hooks/sessionInItsBatch'

/**
 * A live session of a mentor's batch (beyond the spec's "timings will be informed soon"): the
 * mentor or an admin schedules the weekend dates and one meeting link; the batch's students see
 * them on their dashboard in Asia/Kolkata time and can download an .ics file.
 */
export const Sessions: CollectionConfig = {
  slug: 'sessions',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'batch', 'mentor', 'startsAt', 'durationMinutes', 'meetingLink'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
    description: `Times are entered in your browser's time zone; students see them in ${TIME_ZONE}. Booked students are e-mailed when a session is scheduled or moved. A mentor’s sessions never overlap. Mentors: schedule yours from your home on the site, in India time, with the picker on the batch’s month.`,
  },
  defaultSort: 'startsAt',
  access: {
    create: adminOrMentor,
    read: adminOrOwnMentorDocs,
    update: adminOrOwnMentorDocs,
    delete: adminOrOwnMentorDocs,
  },
  hooks: {
    beforeValidate: [sessionInItsBatch],
    beforeChange: [raiseSequence],
    afterChange: [announceSessionChange],
    afterDelete: [announceSessionDeleted],
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160, defaultValue: 'Weekend mentorship session' },
    {
      name: 'batch',
      type: 'relationship',
      relationTo: 'batches',
      required: true,
      index: true,
      // A mentor sees and picks only their own batches (the collection's read access), so no filter here.
      admin: { description: 'The batch this session belongs to; its students see it.' },
    },
    {
      name: 'mentor',
      type: 'relationship',
      relationTo: 'mentors',
      index: true,
      admin: { readOnly: true, description: 'Filled in from the batch.' },
      access: { create: adminOnlyField, update: adminOnlyField },
    },
    {
      name: 'startsAt',
      type: 'date',
      required: true,
      index: true,
      admin: {
        date: { pickerAppearance: 'dayAndTime', timeIntervals: 15 },
        // Opens on the chosen batch's month and takes typed dates (docs/decisions/115).
        components: { Field: '/components/admin/SessionStartsAtField' },
      },
    },
    { name: 'durationMinutes', type: 'number', required: true, defaultValue: 60, min: 15, max: 240 },
    {
      name: 'meetingLink',
      type: 'text',
      admin: { description: 'One shared link for the batch (https://...).' },
      validate: (v: unknown) => v == null || v === '' || /^https:\/\/\S+$/.test(String(v)) || 'Use an https:// link.',
    },
    {
      name: 'status',
      type: 'select',
      defaultValue: 'scheduled',
      index: true,
      options: [
        { label: 'Scheduled', value: 'scheduled' },
        { label: 'Cancelled', value: 'cancelled' },
      ],
      admin: {
        position: 'sidebar',
        description: 'Cancelling e-mails every seated student and the mentor a calendar cancellation; no reminders go out.',
      },
    },
    {
      // RFC 5545's SEQUENCE: every change a calendar must follow (time, length, link, title, a
      // cancellation) raises it, so the updated entry replaces the one a person imported.
      name: 'sequence',
      type: 'number',
      defaultValue: 0,
      admin: { readOnly: true, position: 'sidebar', description: 'Raised on each move or cancellation (calendar updates).' },
      access: { create: () => false, update: () => false },
    },
  ],
  timestamps: true,
}
