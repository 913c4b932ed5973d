import { TIME_ZONE } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOrMentorOfSession } from '../../access/adminOrMentorOfSession'
import { hiddenUnless } from '../../access/adminPanel'
import { checkRole } from '../../access/checkRole'
import { emailSessionScheduled } from './hooks/emailSessionScheduled'

/**
 * A live session of a mentor's batch (beyond the spec's "timings will be informed soon"): the
 * mentor or an admin schedules the weekend dates and one meeting link; the batch's students see
 * them on their dashboard in Asia/Kolkata time and can download an .ics file.
 */
export const Sessions: CollectionConfig = {
  slug: 'sessions',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'mentor', 'startsAt', 'durationMinutes', 'meetingLink'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
    description: `Times are entered in your browser's time zone; students see them in ${TIME_ZONE}. Booked students are e-mailed when a session is scheduled or moved.`,
  },
  defaultSort: 'startsAt',
  access: {
    create: ({ req: { user } }) => checkRole(user, 'admin', 'mentor'),
    read: adminOrMentorOfSession,
    update: adminOrMentorOfSession,
    delete: adminOrMentorOfSession,
  },
  hooks: { afterChange: [emailSessionScheduled] },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 160, defaultValue: 'Weekend mentorship session' },
    {
      name: 'mentor',
      type: 'relationship',
      relationTo: 'mentors',
      required: true,
      index: true,
      // A mentor can only pick their own profile; the access rule above re-checks on save.
      filterOptions: ({ user }) => (checkRole(user, 'admin') ? true : { user: { equals: user?.id } }),
      validate: async (value: unknown, { req }: { req: import('payload').PayloadRequest }) => {
        if (!value) return 'Choose the mentor.'
        if (checkRole(req.user, 'admin')) return true
        const id = typeof value === 'object' ? (value as { id: number }).id : value
        const { docs } = await req.payload.find({
          collection: 'mentors',
          where: { id: { equals: id }, user: { equals: req.user?.id } },
          limit: 1,
          depth: 0,
          draft: true,
          overrideAccess: true,
          req,
        })
        return docs.length > 0 || 'You can only schedule sessions for your own mentor profile.'
      },
    },
    {
      name: 'startsAt',
      type: 'date',
      required: true,
      index: true,
      admin: { date: { pickerAppearance: 'dayAndTime', timeIntervals: 15 } },
    },
    { name: 'durationMinutes', type: 'number', required: true, defaultValue: 60, min: 15, max: 240 },
    {
      name: 'meetingLink',
      type: 'text',
      admin: { description: 'One shared link for the batch (https://...).' },
      validate: (v: unknown) => v == null || v === '' || /^https:\/\/\S+$/.test(String(v)) || 'Use an https:// link.',
    },
  ],
  timestamps: true,
}
