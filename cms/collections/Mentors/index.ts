import { DEFAULT_MENTOR_CAPACITY } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor, isEditorField } from '../../access/isEditor'
import {
  readMentors,
  readMentorVersions,
  readOwnMentorEmail,
  saveMentorEditsAsDrafts,
  updateMentors,
} from '../../access/mentorProfileAccess'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'
import { mentorAvailability } from './endpoints/availability'
import { mentorDirectory, mentorHighlights } from './endpoints/cards'
import { isFullEndpoint } from './endpoints/isFull'
import { fillSeatsWhenCapacityGrows } from './hooks/fillSeatsWhenCapacityGrows'
import { keepMentorsWithSeats } from './hooks/keepMentorsWithSeats'
import { validateHttpsUrl } from './validateHttpsUrl'

export const Mentors: CollectionConfig = {
  slug: 'mentors',
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'company', 'profession', 'capacity', 'acceptingBookings', '_status'],
    listSearchableFields: ['name', 'email', 'company', 'skills'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'staff', 'mentor'),
    // A mentor's save is a draft (access/mentorProfileAccess.ts): say who publishes it, on the form itself.
    description:
      'The profiles students see on the site. A mentor edits their own profile and saves it as a draft (“Save Draft”); staff review it and publish it, and until then students see the last published version. Mentors: your batches, students and sessions are on your home on the site (Your home in the menu).',
  },
  defaultSort: 'displayOrder',
  hooks: {
    // A mentor's own edits are drafts that staff publish.
    beforeOperation: [saveMentorEditsAsDrafts],
    // Raising capacity seats waiting students; the site caches public content and is told.
    afterChange: [fillSeatsWhenCapacityGrows, revalidateAfterChange('mentors', 'availability')],
    beforeDelete: [keepMentorsWithSeats],
    afterDelete: [revalidateAfterDelete('mentors', 'availability')],
  },
  versions: { drafts: true, maxPerDoc: 20 },
  // Matched before the built-in `GET /:id`, so `/availability` is never read as an id.
  endpoints: [mentorAvailability, mentorDirectory, mentorHighlights, isFullEndpoint],
  access: {
    create: isEditor,
    read: readMentors,
    update: updateMentors,
    delete: isEditor,
    readVersions: readMentorVersions,
  },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 120 },
    {
      name: 'email',
      type: 'email',
      required: true,
      unique: true,
      index: true,
      // Read by staff and by the mentor it belongs to; never by students or visitors (issue 12: the
      // mentors list showed every address). Staff set it, so a mentor cannot change it without review.
      access: { read: readOwnMentorEmail, create: isEditorField, update: isEditorField },
    },
    {
      name: 'user',
      type: 'relationship',
      relationTo: 'users',
      unique: true,
      index: true,
      admin: { description: 'The account this mentor signs in with; it sees this profile’s bookings.' },
      access: { read: isEditorField, create: isEditorField, update: isEditorField },
    },
    { name: 'photo', type: 'upload', relationTo: 'media', index: true },
    { name: 'profession', type: 'text', required: true, maxLength: 120 },
    { name: 'company', type: 'text', required: true, maxLength: 120 },
    {
      name: 'skills',
      type: 'text',
      required: true,
      maxLength: 240,
      admin: { description: 'One line, e.g. "DSA, System Design, Java".' },
    },
    { name: 'bio', type: 'textarea', maxLength: 600 },
    {
      name: 'linkedin',
      type: 'text',
      maxLength: 300,
      label: 'LinkedIn',
      admin: { description: 'The full profile address, e.g. https://www.linkedin.com/in/priya-sharma. Shown on the public profile.' },
      validate: (v: unknown) => validateHttpsUrl(v),
    },
    {
      type: 'row',
      fields: [
        {
          name: 'capacity',
          type: 'number',
          required: true,
          min: 1,
          max: 500,
          defaultValue: DEFAULT_MENTOR_CAPACITY,
          admin: { description: 'Seats per batch (the open batch follows a change).', step: 1 },
          access: { create: isEditorField, update: isEditorField },
          validate: (v: unknown) => (Number.isInteger(v) && (v as number) >= 1) || 'Capacity must be a whole number of at least 1.',
        },
        {
          name: 'displayOrder',
          type: 'number',
          defaultValue: 100,
          index: true,
          access: { create: isEditorField, update: isEditorField },
        },
      ],
    },
    {
      name: 'autoOpenNextBatch',
      type: 'checkbox',
      defaultValue: true,
      label: 'Open the next batch automatically',
      admin: { description: 'When a batch starts, open the next month’s batch with the same capacity.' },
      access: { create: isEditorField, update: isEditorField },
    },
    {
      name: 'featured',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      label: 'Featured on the landing page',
      admin: {
        position: 'sidebar',
        description: 'Featured mentors come first on the landing page (which shows a few), then those with open seats.',
      },
      access: { create: isEditorField, update: isEditorField },
    },
    {
      name: 'acceptingBookings',
      type: 'checkbox',
      defaultValue: true,
      admin: { description: 'Untick to stop new bookings (students can still join the waitlist).' },
      access: { create: isEditorField, update: isEditorField },
    },
  ],
  timestamps: true,
}
