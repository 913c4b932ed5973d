import { MENTOR_APPLICATION_LIMITS, MENTOR_APPLICATION_STATUS_LABELS, MENTOR_APPLICATION_STATUSES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { isEditor } from '../../access/isEditor'
import { nobody } from '../../access/nobody'
import { applyEndpoint } from './endpoints/apply'
import { decideMentorApplicationEndpoint } from './endpoints/decide'
import { applicationStatusEndpoint } from './endpoints/status'
import { keepWhatTheApplicantWrote } from './hooks/keepWhatTheApplicantWrote'

const asSubmitted = { readOnly: true }

/**
 * Applications to mentor (issue 35, docs/decisions/200): visitors apply on the site's "Become a
 * mentor" page, which calls the `apply` endpoint (service key, limited per address); nobody creates
 * one over REST. Staff and admins read them and review them in /admin with the buttons at the top
 * (mark under review, decline with a reason, accept: admins only, as it creates an account with
 * the mentor role). What the applicant wrote and the decision never change by an edit: only the
 * reviewer's notes do (hooks/keepWhatTheApplicantWrote.ts).
 */
export const MentorApplications: CollectionConfig = {
  slug: 'mentor-applications',
  labels: { singular: 'Mentor application', plural: 'Mentor applications' },
  admin: {
    useAsTitle: 'name',
    defaultColumns: ['name', 'email', 'role', 'company', 'years', 'status', 'createdAt'],
    listSearchableFields: ['name', 'email', 'company', 'topics'],
    enableListViewSelectAPI: true,
    group: 'People',
    hidden: hiddenUnless('admin', 'staff'),
    description:
      'People who applied on the site’s “Become a mentor” page. Mark one under review while you look at it; an admin accepts it (creating the mentor’s account for Google sign-in and a draft profile) or anyone on the team declines it with a reason, which is e-mailed to the applicant.',
  },
  defaultSort: '-createdAt',
  endpoints: [applyEndpoint, decideMentorApplicationEndpoint, applicationStatusEndpoint],
  hooks: { beforeChange: [keepWhatTheApplicantWrote] },
  access: {
    create: nobody,
    read: isEditor,
    update: isEditor,
    delete: isAdmin,
  },
  fields: [
    {
      // The status, the facts and the review buttons (staff and admins; the component checks).
      name: 'decision',
      type: 'ui',
      admin: { components: { Field: '/components/admin/MentorApplicationDecision' } },
    },
    { name: 'name', type: 'text', required: true, maxLength: MENTOR_APPLICATION_LIMITS.name, admin: asSubmitted },
    { name: 'email', type: 'email', required: true, index: true, admin: asSubmitted },
    {
      type: 'row',
      fields: [
        { name: 'company', type: 'text', required: true, maxLength: MENTOR_APPLICATION_LIMITS.company, admin: asSubmitted },
        { name: 'role', type: 'text', required: true, maxLength: MENTOR_APPLICATION_LIMITS.role, admin: asSubmitted },
        {
          name: 'years',
          label: 'Years of experience',
          type: 'number',
          required: true,
          min: 0,
          max: MENTOR_APPLICATION_LIMITS.years,
          admin: asSubmitted,
        },
      ],
    },
    {
      name: 'profileUrl',
      label: 'LinkedIn or profile address',
      type: 'text',
      required: true,
      maxLength: MENTOR_APPLICATION_LIMITS.url,
      admin: asSubmitted,
    },
    { name: 'topics', type: 'text', required: true, maxLength: MENTOR_APPLICATION_LIMITS.topics, admin: asSubmitted },
    {
      name: 'why',
      label: 'Why they want to mentor',
      type: 'textarea',
      required: true,
      maxLength: MENTOR_APPLICATION_LIMITS.why,
      admin: asSubmitted,
    },
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'submitted',
      index: true,
      options: MENTOR_APPLICATION_STATUSES.map((s) => ({ label: MENTOR_APPLICATION_STATUS_LABELS[s], value: s })),
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'Set by the buttons at the top: Under review, Accepted, Declined.',
      },
    },
    {
      name: 'reviewerNotes',
      type: 'textarea',
      maxLength: 2000,
      admin: { description: 'The team’s working notes; never shown to the applicant.' },
    },
    {
      type: 'collapsible',
      label: 'Decision',
      fields: [
        {
          name: 'declineReason',
          type: 'textarea',
          admin: { readOnly: true, description: 'Written in the Decline dialog; e-mailed to the applicant.' },
        },
        { name: 'decidedBy', type: 'relationship', relationTo: 'users', index: true, admin: { readOnly: true } },
        { name: 'decidedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
        {
          name: 'mentor',
          label: 'Mentor profile',
          type: 'relationship',
          relationTo: 'mentors',
          index: true,
          admin: { readOnly: true, description: 'The profile the acceptance created or linked (a draft until staff publish it).' },
        },
        {
          name: 'user',
          label: 'Account',
          type: 'relationship',
          relationTo: 'users',
          index: true,
          admin: { readOnly: true, description: 'The account the mentor signs in with (Google, with this e-mail).' },
        },
      ],
    },
  ],
  timestamps: true,
}
