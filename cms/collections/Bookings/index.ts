import { BOOKING_SOURCES, BOOKING_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOwnerOrMentor } from '../../access/adminOwnerOrMentor'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin, isAdminField } from '../../access/isAdmin'
import { STUDENT_SEARCH_FIELDS, studentFields } from '../../fields/studentFields'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'
import { cancelBookingEndpoint } from './endpoints/cancel'
import { createBookingEndpoint } from './endpoints/createBooking'
import { mentorBookingsEndpoint, userBookingsEndpoint } from './endpoints/listBookings'
import { planStatusEndpoint } from './endpoints/planStatus'
import { processWaitlistEndpoint } from './endpoints/processWaitlist'
import { waitlistStatusEndpoint } from './endpoints/seatStatus'
import { assignBatch } from './hooks/assignBatch'
import { checkSeatForAdminBooking } from './hooks/checkSeatForAdminBooking'
import { fillSeatAfterChange, fillSeatAfterDelete, markWaitingEntryAssigned } from './hooks/fillSeatWhenFreed'

const label = (s: string) => s[0].toUpperCase() + s.slice(1)

export const Bookings: CollectionConfig = {
  slug: 'bookings',
  admin: {
    defaultColumns: ['studentName', 'mentor', 'batch', 'status', 'source', 'createdAt'],
    listSearchableFields: STUDENT_SEARCH_FIELDS,
    // Lists read only their columns (Payload's select API), not whole documents with their
    // relationships and arrays: docs/decisions/104.
    enableListViewSelectAPI: true,
    description:
      'Cancelling a confirmed booking here (status → Cancelled) gives the seat to the first waiting student with an active plan.',
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
  },
  // The student's name for a mentor is looked up through `user` (fields/studentFields.ts).
  forceSelect: { user: true },
  defaultSort: '-createdAt',
  access: {
    // Students book through the booking service (POST /api/bookings), which checks the rules.
    create: isAdmin,
    read: adminOwnerOrMentor,
    update: isAdmin,
    delete: isAdmin,
  },
  // docs/spec.md §7 calls; the more specific paths first (custom endpoints match in order).
  endpoints: [
    createBookingEndpoint,
    planStatusEndpoint,
    userBookingsEndpoint,
    waitlistStatusEndpoint,
    mentorBookingsEndpoint,
    processWaitlistEndpoint,
    cancelBookingEndpoint,
  ],
  hooks: {
    beforeValidate: [assignBatch],
    beforeChange: [checkSeatForAdminBooking],
    // Seats shown on the landing page come from the site's cache: tell it when they change.
    afterChange: [fillSeatAfterChange, markWaitingEntryAssigned, revalidateAfterChange('availability')],
    afterDelete: [fillSeatAfterDelete, revalidateAfterDelete('availability')],
  },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    ...studentFields,
    { name: 'mentor', type: 'relationship', relationTo: 'mentors', required: true, index: true },
    {
      name: 'batch',
      type: 'relationship',
      relationTo: 'batches',
      required: true,
      index: true,
      admin: { description: 'The batch this seat is in; left empty, the mentor’s open batch.' },
    },
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
    {
      // A seat given up while its batch ran (cancelled or refunded): whether the student keeps their
      // held seat in the mentor's next batch (DESIGN.md §11, issue 37). Unset for any other booking.
      name: 'keepsNextHold',
      type: 'checkbox',
      admin: { readOnly: true, description: 'Given up while its batch ran: the student keeps next month’s held seat.' },
    },
    {
      name: 'payment',
      type: 'relationship',
      relationTo: 'payments',
      index: true,
      // Never populated: bookings -> payment -> offer -> claimed booking is a cycle of relations.
      maxDepth: 0,
      admin: { readOnly: true, description: 'The payment (or granted plan) that pays for this seat.' },
      access: { read: isAdminField },
    },
    { name: 'timeSlot', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
