import { randomBytes } from 'node:crypto'
import { MENTOR_APPLICATION_STATUS_LABELS, type MentorApplicationDecision, type MentorApplicationStatus, nowIso } from '@mentorloop/shared'
import type { Mentor, MentorApplication, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { AppError, commonErrors } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { queueEmail } from '../../notifications/queueEmail'
import { DECISION_CONTEXT } from './context'
import { applicationAcceptedEmail, applicationDeclinedEmail } from './emails'

export type DecisionResult = { application: MentorApplication; changed: boolean }

const idOf = (v: number | { id: number } | null | undefined): number | null => (v == null ? null : typeof v === 'object' ? v.id : v)

const alreadyDecided = (status: MentorApplicationStatus) =>
  new AppError(
    'APPLICATION_ALREADY_DECIDED',
    409,
    `This application has already been ${MENTOR_APPLICATION_STATUS_LABELS[status].toLowerCase()}; it cannot be changed.`,
  )

/**
 * A review step on one application, in one transaction under a row lock on it, so two reviewers
 * (or one double click) decide it once:
 * - `review`: Submitted becomes Under review (staff and admins);
 * - `decline`: with the reason, which is e-mailed to the applicant (staff and admins);
 * - `accept` (admins only: it creates an account with the mentor role): the account with the
 *   applicant's e-mail (found, given the mentor role, or created for Google sign-in) and a draft
 *   mentor profile filled from the application (found by that account or e-mail, or created),
 *   both through the users and mentors collections with the admin's own access, as an admin
 *   creates them in the panel; then the welcome e-mail. Accepting an accepted application again
 *   changes nothing and sends nothing.
 */
export async function decideMentorApplication(req: PayloadRequest, id: number, input: MentorApplicationDecision): Promise<DecisionResult> {
  if (!checkRole(req.user, 'staff', 'admin')) throw commonErrors.forbidden('Only our team reviews mentor applications.')
  if (input.decision === 'accept' && !checkRole(req.user, 'admin')) {
    throw commonErrors.forbidden('Only an admin accepts an application: it creates an account with the mentor role.')
  }
  return inTransaction(req, async () => {
    const [row] = await txQuery<{ status: MentorApplicationStatus }>(
      req,
      sql`SELECT status FROM mentor_applications WHERE id = ${id} FOR UPDATE`,
      { requireTransaction: true },
    )
    if (!row) throw commonErrors.notFound('That application does not exist.')
    const application = (await req.payload.findByID({
      collection: 'mentor-applications',
      id,
      depth: 0,
      overrideAccess: true,
      req,
    })) as MentorApplication
    const status = row.status

    if (input.decision === 'review') {
      if (status === 'under-review') return { application, changed: false }
      if (status !== 'submitted') throw alreadyDecided(status)
      return { application: await save(req, id, { status: 'under-review' }), changed: true }
    }

    if (input.decision === 'decline') {
      if (status === 'accepted' || status === 'declined') throw alreadyDecided(status)
      const declined = await save(req, id, {
        status: 'declined',
        declineReason: input.reason,
        decidedBy: req.user!.id,
        decidedAt: nowIso(),
      })
      const { key, ...message } = applicationDeclinedEmail(declined, input.reason)
      await queueEmail(req, message, { key })
      return { application: declined, changed: true }
    }

    if (status === 'accepted') return { application, changed: false }
    if (status === 'declined') throw alreadyDecided(status)
    const account = await mentorAccountFor(req, application)
    const profile = await mentorProfileFor(req, application, account)
    const accepted = await save(req, id, {
      status: 'accepted',
      decidedBy: req.user!.id,
      decidedAt: nowIso(),
      user: account.id,
      mentor: profile.id,
    })
    const { key, ...message } = applicationAcceptedEmail(accepted)
    await queueEmail(req, message, { key })
    return { application: accepted, changed: true }
  })
}

function save(req: PayloadRequest, id: number, data: Partial<MentorApplication>): Promise<MentorApplication> {
  return req.payload.update({
    collection: 'mentor-applications',
    id,
    data,
    depth: 0,
    // The caller's role was checked above; the hook lets the decision fields through only with this context.
    overrideAccess: true,
    context: { [DECISION_CONTEXT]: true },
    req,
  }) as Promise<MentorApplication>
}

/**
 * The account with the applicant's e-mail, holding the mentor role: an existing account (a student
 * who signed in before) gains the role; otherwise a new one that signs in with Google only (no
 * password sign-in, a random password nobody knows), which Google sign-in links by this e-mail.
 */
async function mentorAccountFor(req: PayloadRequest, application: MentorApplication): Promise<User> {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: application.email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const existing = docs[0] as User | undefined
  if (existing) {
    const roles = existing.roles ?? []
    if (roles.includes('mentor')) return existing
    return (await req.payload.update({
      collection: 'users',
      id: existing.id,
      data: { roles: [...roles, 'mentor'] },
      depth: 0,
      overrideAccess: false,
      req,
    })) as User
  }
  return (await req.payload.create({
    collection: 'users',
    data: {
      email: application.email,
      name: application.name,
      roles: ['mentor'],
      passwordLogin: false,
      password: randomBytes(32).toString('base64url'),
    },
    depth: 0,
    overrideAccess: false,
    req,
  })) as User
}

async function findMentor(req: PayloadRequest, where: Record<string, unknown>): Promise<Mentor | null> {
  const { docs } = await req.payload.find({
    collection: 'mentors',
    where: where as never,
    limit: 1,
    depth: 0,
    draft: true,
    overrideAccess: true,
    req,
  })
  return (docs[0] as Mentor | undefined) ?? null
}

/** The account's mentor profile; else the profile with the applicant's e-mail, linked; else a new draft from the application. */
async function mentorProfileFor(req: PayloadRequest, application: MentorApplication, account: User): Promise<Mentor> {
  const linked = await findMentor(req, { user: { equals: account.id } })
  if (linked) return linked
  const byEmail = await findMentor(req, { email: { equals: application.email } })
  if (byEmail) {
    const owner = idOf(byEmail.user as number | { id: number } | null)
    if (owner !== null && owner !== account.id) {
      throw new AppError(
        'MENTOR_PROFILE_CONFLICT',
        409,
        'A mentor profile with this e-mail belongs to another account; link it by hand in Mentors before accepting.',
      )
    }
    return (await req.payload.update({
      collection: 'mentors',
      id: byEmail.id,
      data: { user: account.id },
      depth: 0,
      draft: byEmail._status !== 'published',
      overrideAccess: false,
      req,
    })) as Mentor
  }
  return (await req.payload.create({
    collection: 'mentors',
    data: {
      name: application.name,
      email: application.email,
      user: account.id,
      profession: application.role,
      company: application.company,
      skills: application.topics,
      linkedin: application.profileUrl,
      _status: 'draft',
    },
    draft: true,
    depth: 0,
    overrideAccess: false,
    req,
  })) as Mentor
}
