import type { MentorApplication } from '@mentorloop/shared/payload-types'
import type { CollectionBeforeChangeHook } from 'payload'
import { DECISION_CONTEXT } from '../../../services/mentorApplications/context'

const KEPT = [
  'name',
  'email',
  'company',
  'role',
  'years',
  'profileUrl',
  'topics',
  'why',
  'status',
  'declineReason',
  'decidedBy',
  'decidedAt',
  'mentor',
  'user',
] as const satisfies readonly (keyof MentorApplication)[]

/**
 * An edit in the panel or over REST changes the reviewer's notes only: what the applicant wrote
 * stays as they wrote it, and the status moves only through the review buttons, whose service
 * checks the state under a row lock, sends the e-mails and creates the mentor's account.
 */
export const keepWhatTheApplicantWrote: CollectionBeforeChangeHook<MentorApplication> = ({ data, originalDoc, operation, context }) => {
  if (operation !== 'update' || !originalDoc || context?.[DECISION_CONTEXT]) return data
  const kept = { ...data }
  for (const field of KEPT) kept[field] = originalDoc[field] as never
  return kept
}
