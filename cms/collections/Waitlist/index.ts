import { nowIso, WAITLIST_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOwnerOrMentor } from '../../access/adminOwnerOrMentor'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { STUDENT_SEARCH_FIELDS, studentFields } from '../../fields/studentFields'
import { waitlistEndpoints } from './endpoints'

export const Waitlist: CollectionConfig = {
  slug: 'waitlist',
  labels: { singular: 'Waitlist entry', plural: 'Waitlist' },
  admin: {
    listSearchableFields: STUDENT_SEARCH_FIELDS,
    defaultColumns: ['studentName', 'mentor', 'status', 'joinedAt'],
    description:
      'First come, first served by “joined at”: edit it to reorder, set status Removed to take someone off. To assign, raise the mentor’s capacity on the mentor’s page and save: the new seats go to this queue at once, in order.',
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
  },
  defaultSort: 'joinedAt',
  access: {
    create: isAdmin,
    read: adminOwnerOrMentor,
    update: isAdmin,
    delete: isAdmin,
  },
  endpoints: waitlistEndpoints,
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    ...studentFields,
    { name: 'mentor', type: 'relationship', relationTo: 'mentors', required: true, index: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'waiting',
      index: true,
      options: WAITLIST_STATUSES.map((s) => ({ label: s[0].toUpperCase() + s.slice(1), value: s })),
    },
    {
      name: 'joinedAt',
      type: 'date',
      required: true,
      index: true,
      defaultValue: () => nowIso(),
      admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'The queue is first come, first served by this time.' },
    },
  ],
  timestamps: true,
}
