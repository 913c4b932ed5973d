import { BOOKING_SOURCES, BOOKING_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOwnerOrMentor } from '../../access/adminOwnerOrMentor'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'

const label = (s: string) => s[0].toUpperCase() + s.slice(1)

export const Bookings: CollectionConfig = {
  slug: 'bookings',
  admin: {
    defaultColumns: ['user', 'mentor', 'status', 'source', 'timeSlot', 'createdAt'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
  },
  defaultSort: '-createdAt',
  access: {
    // Students book through the booking service (POST /api/bookings), which checks the rules.
    create: isAdmin,
    read: adminOwnerOrMentor,
    update: isAdmin,
    delete: isAdmin,
  },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'mentor', type: 'relationship', relationTo: 'mentors', required: true, index: true },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'confirmed',
      index: true,
      options: BOOKING_STATUSES.map((s) => ({ label: label(s), value: s })),
    },
    {
      name: 'source',
      type: 'select',
      required: true,
      defaultValue: 'direct',
      options: BOOKING_SOURCES.map((s) => ({ label: label(s), value: s })),
    },
    { name: 'timeSlot', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
