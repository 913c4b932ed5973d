/**
 * Set only by the review service (decide.ts), never by an edit: the collection's hook
 * (collections/MentorApplications/hooks/keepWhatTheApplicantWrote.ts) lets such a change through.
 */
export const DECISION_CONTEXT = 'mentorApplicationDecision'
