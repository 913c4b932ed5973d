import { APIError, type CollectionBeforeChangeHook, type CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { adminOrOwnMentorDocs } from '../../access/mentorScope'
import { checkAttendance } from '../../services/sessions/attendance'

const idOf = (v: unknown) => (v === null || v === undefined ? null : Number(typeof v === 'object' ? (v as { id: unknown }).id : v))

/** An admin's mark in /admin follows the service's rules (started, seated) and fills batch, mentor and who marked. */
const markedByTheRules: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const sessionId = idOf(data.session ?? originalDoc?.session)
  const userId = idOf(data.user ?? originalDoc?.user)
  const facts = await checkAttendance(req, { sessionId: sessionId ?? 0, userId: userId ?? 0 })
  return {
    ...data,
    ...decidedDispute(data, originalDoc, facts.at),
    batch: facts.batchId,
    mentor: facts.mentorId,
    markedBy: req.user?.id ?? null,
    markedAt: facts.at,
  }
}

/**
 * An admin decides a student's dispute of an absent mark (issue 37): upheld makes the mark
 * "present"; either answer is dated. Only an open dispute is decided, and only once.
 */
function decidedDispute(data: Record<string, unknown>, originalDoc: Record<string, unknown> | undefined, at: string) {
  const before = originalDoc?.dispute ?? null
  const after = data.dispute ?? before
  if (after === before) return {}
  if (before !== 'open' || (after !== 'upheld' && after !== 'rejected')) {
    throw new APIError('Only an open dispute can be decided: upheld (the mark becomes present) or rejected.', 400, undefined, true)
  }
  return { dispute: after, disputeDecidedAt: at, ...(after === 'upheld' ? { status: 'present' } : {}) }
}

/**
 * Who came to a session (issue 21): one row per session and seated student, present or absent,
 * marked from the session's start by its mentor (POST /api/attendance) or an admin (here or there).
 * Students see their own on the dashboard (GET /api/me/attendance); no student sees another's. The
 * mentor's marks close 48 hours after the session; a student disputes an absent mark from the
 * dashboard and an admin decides it here (issue 37, docs/decisions/177).
 */
export const SessionAttendance: CollectionConfig = {
  slug: 'session-attendance',
  labels: { singular: 'Attendance', plural: 'Attendance' },
  admin: {
    defaultColumns: ['session', 'user', 'status', 'dispute', 'batch', 'markedAt'],
    group: 'Mentorship',
    hidden: hiddenUnless('admin', 'mentor'),
    description: 'Marked from a session’s start, for students seated in its batch. Filter by batch to see its no-shows.',
  },
  access: { create: isAdmin, read: adminOrOwnMentorDocs, update: isAdmin, delete: isAdmin },
  indexes: [{ fields: ['session', 'user'], unique: true }],
  hooks: { beforeChange: [markedByTheRules] },
  fields: [
    { name: 'session', type: 'relationship', relationTo: 'sessions', required: true, index: true },
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true, label: 'Student' },
    {
      name: 'status',
      type: 'select',
      required: true,
      options: [
        { label: 'Present', value: 'present' },
        { label: 'Absent', value: 'absent' },
      ],
    },
    { name: 'batch', type: 'relationship', relationTo: 'batches', index: true, admin: { readOnly: true } },
    { name: 'mentor', type: 'relationship', relationTo: 'mentors', index: true, admin: { readOnly: true } },
    { name: 'markedBy', type: 'relationship', relationTo: 'users', admin: { readOnly: true } },
    { name: 'markedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    {
      name: 'dispute',
      type: 'select',
      index: true,
      options: [
        { label: 'Disputed by the student', value: 'open' },
        { label: 'Upheld (marked present)', value: 'upheld' },
        { label: 'Rejected (stays absent)', value: 'rejected' },
      ],
      admin: { description: 'A student who was marked absent may dispute it; decide an open dispute here.' },
    },
    { name: 'disputeNote', type: 'textarea', maxLength: 500, admin: { readOnly: true, description: 'What the student wrote.' } },
    { name: 'disputedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'disputeDecidedAt', type: 'date', admin: { readOnly: true, date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
