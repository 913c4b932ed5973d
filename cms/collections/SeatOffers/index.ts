import { OFFER_STATUSES } from '@mentorloop/shared'
import type { Access, CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { checkRole } from '../../access/checkRole'
import { adminOrOwnMentorDocs } from '../../access/mentorScope'
import { nobody } from '../../access/nobody'
import { STUDENT_SEARCH_FIELDS, studentFields } from '../../fields/studentFields'
import { claimOfferEndpoint, declineOfferEndpoint, myOffersEndpoint } from './endpoints'

/** Admins: all; a mentor: their batches'; a student: their own. */
const readOffers: Access = async (args) => {
  const { user } = args.req
  if (!user) return false
  if (checkRole(user, 'admin', 'mentor')) return adminOrOwnMentorDocs(args)
  return { user: { equals: user.id } }
}

/**
 * A seat held in a batch for one student (docs/decisions/045-batches-in-time.md): a waiting student
 * without a plan (24 hours, the business rules), or a continuing student until their current batch
 * ends. Written only by the seat services; students claim or decline theirs through the endpoints.
 */
export const SeatOffers: CollectionConfig = {
  slug: 'seat-offers',
  labels: { singular: 'Seat offer', plural: 'Seat offers' },
  admin: {
    listSearchableFields: STUDENT_SEARCH_FIELDS,
    defaultColumns: ['studentName', 'mentor', 'batch', 'kind', 'status', 'expiresAt'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin'),
    description: 'Seats held for a student until they claim them (by paying for or renewing a plan), decline them, or the hold expires.',
  },
  defaultSort: '-createdAt',
  access: { create: nobody, read: readOffers, update: nobody, delete: nobody },
  endpoints: [myOffersEndpoint, claimOfferEndpoint, declineOfferEndpoint],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    ...studentFields,
    { name: 'mentor', type: 'relationship', relationTo: 'mentors', required: true, index: true },
    { name: 'batch', type: 'relationship', relationTo: 'batches', required: true, index: true },
    {
      name: 'kind',
      type: 'select',
      required: true,
      options: [
        { label: 'Waitlist (no plan yet)', value: 'waitlist' },
        { label: 'Continuing student (renew to keep)', value: 'continuing' },
      ],
    },
    { name: 'waitlistEntry', type: 'relationship', relationTo: 'waitlist' },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'held',
      index: true,
      options: OFFER_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
    },
    { name: 'expiresAt', type: 'date', required: true, index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'claimedBooking', type: 'relationship', relationTo: 'bookings' },
    { name: 'decidedAt', type: 'date', admin: { readOnly: true } },
    {
      name: 'checkoutExtendedAt',
      type: 'date',
      admin: { readOnly: true, description: 'A payment started on this hold kept it for 30 minutes more (once).' },
    },
    { name: 'remindedAt', type: 'date', admin: { readOnly: true, description: 'When the student was reminded to renew.' } },
  ],
  timestamps: true,
}
