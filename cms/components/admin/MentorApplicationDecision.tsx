import { formatDateTime, type MentorApplicationStatus } from '@mentorloop/shared'
import type { MentorApplication } from '@mentorloop/shared/payload-types'
import type { UIFieldServerProps } from 'payload'
import { checkRole } from '../../access/checkRole'
import MentorApplicationButtons from './MentorApplicationButtons'
import { ADMIN_TOOL_CSS } from './RefundDecision'

const STATE_TEXT: Record<MentorApplicationStatus, string> = {
  submitted: 'Submitted: waiting for a review',
  'under-review': 'Under review',
  accepted: 'Accepted: the mentor’s account and draft profile are made',
  declined: 'Declined: the applicant was e-mailed the reason',
}

/**
 * The top of a mentor application in /admin (staff and admins): its state and the review buttons
 * while it is open (the buttons' message stays after the decision). Read from the database on the server; a decided application shows its outcome
 * and links the profile the acceptance made.
 */
export default async function MentorApplicationDecision({ id, req }: UIFieldServerProps) {
  if (id === undefined || id === null || !checkRole(req.user, 'staff', 'admin')) return null
  const application = (await req.payload
    .findByID({ collection: 'mentor-applications', id: Number(id), depth: 0, overrideAccess: true, req })
    .catch(() => null)) as MentorApplication | null
  if (!application) return null
  const status = application.status as MentorApplicationStatus
  const open = status === 'submitted' || status === 'under-review'
  const mentorId = typeof application.mentor === 'object' ? application.mentor?.id : application.mentor
  return (
    <section className="ml-refund" aria-labelledby="ml-application-title" data-testid="application-decision">
      <style>{ADMIN_TOOL_CSS}</style>
      <h2 id="ml-application-title">Application from {application.name}</h2>
      <p className="ml-refund__state" data-testid="application-state" data-status={status}>
        <strong>{STATE_TEXT[status]}</strong>
        {application.decidedAt ? ` · decided ${formatDateTime(application.decidedAt)}` : ''}
        {` · applied ${formatDateTime(application.createdAt)}`}
      </p>
      {mentorId ? (
        <p>
          <a href={`/admin/collections/mentors/${mentorId}`}>Open the mentor profile (draft until published)</a>
        </p>
      ) : null}
      {status === 'declined' && application.declineReason ? (
        <p className="ml-refund__text">Reason sent: {application.declineReason}</p>
      ) : null}
      {/* Mounted whatever the state: the message it shows after a decision stays once the page is refreshed. */}
      <MentorApplicationButtons
        id={application.id}
        name={application.name}
        email={application.email}
        open={open}
        canReview={status === 'submitted'}
        canAccept={checkRole(req.user, 'admin')}
      />
    </section>
  )
}
