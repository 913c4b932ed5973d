import { randomBytes } from 'node:crypto'
import { istMonth, type Role } from '@mentorloop/shared'
import type { Batch, Mentor, Plan, User } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'

/**
 * Small scenario builders: each creates exactly what a test asks for, with unique e-mails so
 * tests never collide, through the Local API with overrideAccess (test set-up, not the code
 * under test).
 */
const PASSWORD = 'test-password-123'
let counter = 0
/**
 * Unique across the run: the forks share the database and each fork runs several files in turn,
 * whose module state (this counter) starts again and whose clock may stand at the same moved
 * instant (`setNow`): the random part keeps two files' personas apart (decision 211).
 */
export const unique = (label: string) => `${label}-${process.pid}-${randomBytes(4).toString('hex')}-${++counter}`

export type TestUser = User & { token: string; password: string }

export async function createUser(payload: Payload, opts: { roles?: Role[]; name?: string; email?: string } = {}): Promise<TestUser> {
  const email = opts.email ?? `${unique(opts.roles?.[0] ?? 'student')}@test.mentorloop.in`
  const user = (await payload.create({
    collection: 'users',
    data: { email, password: PASSWORD, name: opts.name ?? 'Test User', roles: opts.roles ?? ['student'], passwordLogin: true },
    overrideAccess: true,
  })) as User
  const { token } = await payload.login({ collection: 'users', data: { email, password: PASSWORD }, overrideAccess: true })
  return { ...user, token: token!, password: PASSWORD }
}

/** A token issued at the (moved) clock's now: a batch may start more than a sign-in's 7 days from today. */
export async function tokenNow(payload: Payload, user: Pick<TestUser, 'email' | 'password'>): Promise<string> {
  return (await payload.login({ collection: 'users', data: { email: user.email, password: user.password }, overrideAccess: true })).token!
}

export async function createMentor(
  payload: Payload,
  opts: { user?: User; capacity?: number; published?: boolean; name?: string } = {},
): Promise<Mentor> {
  const name = opts.name ?? unique('Mentor')
  return (await payload.create({
    collection: 'mentors',
    data: {
      name,
      email: `${unique('mentor-profile')}@test.mentorloop.in`,
      user: opts.user?.id,
      profession: 'SDE II',
      company: 'Google',
      skills: 'DSA, System Design',
      capacity: opts.capacity ?? 15,
      _status: opts.published === false ? 'draft' : 'published',
    },
    draft: opts.published === false,
    overrideAccess: true,
  })) as Mentor
}

/** The mentor's open batch (a published mentor set to auto-open gets one when published). */
export async function openBatchOf(payload: Payload, mentor: Pick<Mentor, 'id'>): Promise<Batch> {
  const { docs } = await payload.find({
    collection: 'batches',
    where: { mentor: { equals: mentor.id }, status: { equals: 'open' } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
  })
  if (!docs[0]) throw new Error(`mentor ${mentor.id} has no open batch`)
  return docs[0]
}

export async function findPlan(payload: Payload, code: Plan['code']): Promise<Plan> {
  const existing = await payload.find({ collection: 'plans', where: { code: { equals: code } }, limit: 1, overrideAccess: true })
  if (existing.docs[0]) return existing.docs[0] as Plan
  const { plans } = await import('../../seed/plans')
  const seed = plans.find((p) => p.code === code)!
  try {
    return (await payload.create({ collection: 'plans', data: seed, overrideAccess: true })) as Plan
  } catch (error) {
    // Test files run in parallel on one database: another one may have created it just now
    // (the code is unique), so look again before giving up.
    const again = await payload.find({ collection: 'plans', where: { code: { equals: code } }, limit: 1, overrideAccess: true })
    if (again.docs[0]) return again.docs[0] as Plan
    throw error
  }
}

const DAY = 86_400_000

/** A completed payment that makes the plan active for the user now (or for the given window). */
export async function givePlan(
  payload: Payload,
  user: User,
  code: Plan['code'] = 'PLACEMENT_FOCUSED',
  days = 30,
  window?: { startsAt: Date; endsAt: Date },
) {
  const plan = await findPlan(payload, code)
  const id = unique('order')
  return payload.create({
    collection: 'payments',
    data: {
      user: user.id,
      plan: plan.id,
      amount: Math.round(plan.price * 100),
      currency: 'INR',
      status: 'completed',
      gateway: 'sandbox',
      gatewayOrderId: id,
      gatewayPaymentId: `pay_${id}`,
      subscriptionStarts: (window?.startsAt ?? new Date(Date.now() - DAY)).toISOString(),
      subscriptionEnds: (window?.endsAt ?? new Date(Date.now() + days * DAY)).toISOString(),
    },
    overrideAccess: true,
  })
}

/** Runs `fn` over `items`, at most `limit` at a time (test set-up must not race the pool it is testing). */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++
        out[i] = await fn(items[i]!, i)
      }
    }),
  )
  return out
}

/**
 * Many students at once for rush tests: users written in one statement each (no password hashing),
 * a signed-in session each (the same token Google sign-in gets), and, with `credit`, a plan each
 * that their next seat uses (docs/decisions/069). Sessions are minted a few at a time.
 */
export async function createStudents(payload: Payload, n: number, opts: { credit?: boolean } = {}): Promise<TestUser[]> {
  const { sql } = await import('@payloadcms/db-postgres/drizzle')
  const { createLocalReq } = await import('payload')
  const { txQuery } = await import('../../lib/transaction')
  const { issueSession } = await import('../../services/auth/issueSession')
  const tag = unique('rush')
  const req = await createLocalReq({}, payload)
  const users = await txQuery<{ id: number; email: string }>(
    req,
    sql`INSERT INTO users (email, name, password_login, created_at, updated_at)
        SELECT ${tag} || '-' || g || '@test.mentorloop.in', 'Rush Student ' || g, false, now(), now() FROM generate_series(1, ${n}) g
        RETURNING id, email`,
  )
  await txQuery(
    req,
    sql`INSERT INTO users_roles ("order", parent_id, value)
        SELECT 1, u.id, 'student' FROM users u WHERE u.email LIKE ${`${tag}-%`}`,
  )
  if (opts.credit) {
    const plan = await findPlan(payload, 'BEGINNER_TECHY')
    await txQuery(
      req,
      sql`INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id,
                                subscription_starts, subscription_ends, created_at, updated_at)
          SELECT u.id, ${plan.id}, ${Math.round(plan.price * 100)}, 'INR', 'completed', 'sandbox', 'order_' || u.email, 'pay_' || u.email,
                 now() - interval '1 day', now() + interval '30 days', now(), now()
            FROM users u WHERE u.email LIKE ${`${tag}-%`}`,
    )
  }
  return mapLimit(users, 4, async (u) => {
    const { token } = await issueSession(await createLocalReq({}, payload), Number(u.id))
    const full = (await payload.findByID({ collection: 'users', id: Number(u.id), depth: 0, overrideAccess: true })) as User
    return { ...full, token, password: '' }
  })
}

/** A running batch of the mentor for a calendar month (India time), as the month before would have left it. */
export async function runningBatchOf(
  payload: Payload,
  mentor: Pick<Mentor, 'id'>,
  year: number,
  month: number,
  capacity = 5,
): Promise<Batch> {
  const period = istMonth(year, month)
  return payload.create({
    collection: 'batches',
    data: {
      mentor: mentor.id,
      label: period.label,
      startsOn: period.startsOn.toISOString(),
      endsOn: period.endsOn.toISOString(),
      capacity,
      status: 'running',
    },
    overrideAccess: true,
  })
}
