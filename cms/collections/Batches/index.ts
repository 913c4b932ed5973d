import { BATCH_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig, PayloadRequest } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { mentorIdForUser } from '../../access/mentorIdForUser'
import { adminOnlyField, adminOrMentor, adminOrOwnMentorDocs } from '../../access/mentorScope'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'
import { findOpenBatch, nextBatchPeriod } from '../../services/batches/batches'
import { layoutSessionsAdminEndpoint } from './endpoints/layoutSessions'
import { checkBatchRules, fillSeatsWhenBatchGrows, prepareBatch, showFill } from './hooks/batchRules'

/**
 * For a mentor opening a batch in the panel: the month after their latest batch (nothing for admins,
 * who pick the mentor). Nothing either while a batch of theirs is open: that one is their next batch
 * (one open batch at a time), and a pre-filled month after it could only be refused.
 */
async function suggestedPeriod(req: PayloadRequest) {
  if (!req.user) return null
  const mentorId = await mentorIdForUser(req, req.user)
  if (mentorId === null || (await findOpenBatch(req, mentorId))) return null
  return nextBatchPeriod(req, mentorId)
}

/**
 * One month of a mentor's group (docs/decisions/045-batches-in-time.md): the dates it meets, its
 * seats and where it is in its life (open for bookings, running, completed, or cancelled). Mentors
 * create and edit their own in /admin (the mentor is filled in and locked for them); the jobs
 * queue moves them through their statuses.
 */
export const Batches: CollectionConfig = {
  slug: 'batches',
  admin: {
    useAsTitle: 'label',
    defaultColumns: ['label', 'mentor', 'startsOn', 'endsOn', 'status', 'fill'],
    listSearchableFields: ['label'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
    description:
      'One month of a mentor’s group. Students book the open batch; it starts running on its first day and completes after its last. Seats that open go to continuing students first, then the waitlist. A mentor has one open batch at a time; mentors open their next batch and schedule its sessions from their home on the site.',
  },
  defaultSort: '-startsOn',
  endpoints: [layoutSessionsAdminEndpoint],
  access: {
    create: adminOrMentor,
    read: adminOrOwnMentorDocs,
    update: adminOrOwnMentorDocs,
    delete: isAdmin,
  },
  hooks: {
    beforeValidate: [prepareBatch],
    beforeChange: [checkBatchRules],
    afterChange: [fillSeatsWhenBatchGrows, revalidateAfterChange('availability')],
    afterDelete: [revalidateAfterDelete('availability')],
  },
  fields: [
    {
      name: 'mentor',
      type: 'relationship',
      relationTo: 'mentors',
      required: true,
      index: true,
      // A mentor always creates for their own profile: filled in and locked for them.
      defaultValue: async ({ req }: { req: import('payload').PayloadRequest }) =>
        req.user ? await mentorIdForUser(req, req.user) : undefined,
      access: { create: adminOnlyField, update: adminOnlyField },
    },
    {
      name: 'label',
      type: 'text',
      required: true,
      maxLength: 80,
      defaultValue: async ({ req }: { req: PayloadRequest }) => (await suggestedPeriod(req))?.label,
      admin: { description: 'How students see it, e.g. “January 2027”.' },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'startsOn',
          type: 'date',
          required: true,
          index: true,
          // A new batch starts out as the month after the mentor's latest one: usually just Save.
          defaultValue: async ({ req }: { req: PayloadRequest }) => (await suggestedPeriod(req))?.startsOn.toISOString(),
          admin: { date: { pickerAppearance: 'dayOnly', displayFormat: 'd MMM yyyy' } },
        },
        {
          name: 'endsOn',
          type: 'date',
          required: true,
          index: true,
          defaultValue: async ({ req }: { req: PayloadRequest }) => (await suggestedPeriod(req))?.endsOn.toISOString(),
          admin: { date: { pickerAppearance: 'dayOnly', displayFormat: 'd MMM yyyy' } },
        },
        {
          name: 'capacity',
          type: 'number',
          min: 1,
          max: 500,
          admin: { description: 'Seats; empty takes the mentor’s default.', step: 1 },
          validate: (v: unknown) =>
            v == null || (Number.isInteger(v) && (v as number) >= 1) || 'Capacity must be a whole number of at least 1.',
        },
      ],
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'open',
      index: true,
      options: BATCH_STATUSES.map((s) => ({ label: s[0]!.toUpperCase() + s.slice(1), value: s })),
      access: { create: adminOnlyField, update: adminOnlyField },
      admin: { description: 'Moves by itself on the batch’s dates; admins may cancel an open batch without seats.' },
    },
    {
      name: 'fill',
      type: 'text',
      virtual: true,
      label: 'Seats taken',
      admin: { readOnly: true, description: 'Confirmed seats and held offers, of capacity.' },
      hooks: { afterRead: [showFill] },
    },
    {
      // Admins only (the component checks): no-shows and "Lay out the sessions" (issue 21).
      name: 'sessionTools',
      type: 'ui',
      admin: { components: { Field: '/components/admin/BatchSessions' } },
    },
    {
      name: 'startedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar' },
      access: { create: () => false, update: () => false },
    },
    {
      name: 'completedAt',
      type: 'date',
      admin: { readOnly: true, position: 'sidebar' },
      access: { create: () => false, update: () => false },
    },
  ],
  timestamps: true,
}
