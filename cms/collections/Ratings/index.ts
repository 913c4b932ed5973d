import { COLLEGE_YEARS, nowIso, RATING_COMMENT_MAX } from '@mentorloop/shared'
import type { CollectionBeforeChangeHook, CollectionConfig, Field, FieldAccess } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'
import { AppError } from '../../lib/errors'
import { ratingEndpoints } from './endpoints'

/** What a rating says: written by its student through /api/ratings/mine, read-only for everyone here. */
const FIXED = ['user', 'batch', 'mentor', 'stars', 'comment', 'showComment', 'collegeYear'] as const
const never: FieldAccess = () => false
const readOnly = (field: Field): Field =>
  ({
    ...field,
    access: { create: never, update: never },
    admin: { ...(field.admin ?? {}), readOnly: true },
  }) as Field

const idOf = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'object' ? (v as { id: unknown }).id : v)
const same = (a: unknown, b: unknown) => String(idOf(a) ?? '') === String(idOf(b) ?? '')

/**
 * Server-side, whatever the caller (REST, the admin panel, the Local API with overrideAccess): a
 * rating is never created or changed here, only its comment hidden (with a reason) or shown again.
 * The stars and totals stay as the student wrote them (services/ratings/ratings.ts).
 */
const onlyHiding: CollectionBeforeChangeHook = ({ data, originalDoc, operation, req }) => {
  if (operation === 'create' || !originalDoc) {
    throw new AppError('RATING_READ_ONLY', 403, 'Ratings are written by students from their dashboard, not here.')
  }
  for (const name of FIXED) {
    if (name in data && !same(data[name], originalDoc[name])) {
      throw new AppError('RATING_READ_ONLY', 403, 'A rating cannot be changed; staff can only hide its comment.')
    }
  }
  const hidden = data.hidden ?? originalDoc.hidden
  const reason = String(data.hiddenReason ?? originalDoc.hiddenReason ?? '').trim()
  if (hidden && !reason) {
    throw new AppError('INVALID_INPUT', 400, 'Say why the comment is hidden.', {
      fieldErrors: { hiddenReason: 'Say why the comment is hidden.' },
    })
  }
  const changed = Boolean(hidden) !== Boolean(originalDoc.hidden)
  return {
    ...data,
    hiddenReason: hidden ? reason : null,
    ...(changed ? { hiddenBy: req.user?.id ?? null, hiddenAt: nowIso() } : {}),
  }
}

/**
 * Students' ratings of their batch's mentor (issue 21, docs/decisions/108). Admins read them and
 * may hide a comment from the profile (with a reason); nobody edits stars, author or batch here.
 */
export const Ratings: CollectionConfig = {
  slug: 'ratings',
  labels: { singular: 'Rating', plural: 'Ratings' },
  admin: {
    useAsTitle: 'stars',
    defaultColumns: ['mentor', 'batch', 'stars', 'showComment', 'hidden', 'updatedAt'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin'),
    description:
      'Written by students from their dashboard. Stars, author and batch cannot be changed; hide a comment (with a reason) to keep it off the mentor’s profile.',
  },
  access: { create: nobody, read: isAdmin, update: isAdmin, delete: nobody },
  indexes: [{ fields: ['user', 'batch'], unique: true }],
  hooks: { beforeChange: [onlyHiding] },
  endpoints: ratingEndpoints,
  fields: [
    readOnly({ name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true, label: 'Student' }),
    readOnly({ name: 'batch', type: 'relationship', relationTo: 'batches', required: true, index: true }),
    readOnly({ name: 'mentor', type: 'relationship', relationTo: 'mentors', required: true, index: true }),
    readOnly({ name: 'stars', type: 'number', required: true, min: 1, max: 5 }),
    readOnly({ name: 'comment', type: 'textarea', maxLength: RATING_COMMENT_MAX }),
    readOnly({ name: 'showComment', type: 'checkbox', label: 'Author agreed to show the comment', defaultValue: false }),
    readOnly({ name: 'collegeYear', type: 'select', options: COLLEGE_YEARS.map((y) => ({ label: y, value: y })) }),
    {
      name: 'hidden',
      type: 'checkbox',
      label: 'Hide the comment',
      defaultValue: false,
      admin: { position: 'sidebar', description: 'Keeps the comment off the mentor’s profile; the stars still count.' },
    },
    { name: 'hiddenReason', type: 'textarea', maxLength: 500, admin: { position: 'sidebar', condition: (data) => Boolean(data?.hidden) } },
    { name: 'hiddenBy', type: 'relationship', relationTo: 'users', admin: { position: 'sidebar', readOnly: true } },
    { name: 'hiddenAt', type: 'date', admin: { position: 'sidebar', readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
