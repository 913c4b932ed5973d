import { MENTOR_APPLICATION_MESSAGES, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import type { Mentor, MentorApplication, User } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { LIMITS } from '../../services/auth/rateLimits'
import { type RestClient, setUpWorld } from '../fixtures'
import { queuedEmails } from '../helpers/payments'
import { createMentor, createUser, type TestUser, unique } from '../helpers/scenarios'

/**
 * Mentor applications (issue 35): the site's apply endpoint (service key, zod, one open application
 * per e-mail, the receipt e-mail), who reads and reviews them, and the review: under review,
 * decline with an e-mailed reason, accept (admins) making the mentor's account and draft profile
 * through the users and mentors collections, once, in one transaction.
 */
let payload: Payload
let rest: RestClient
let serviceKey: string
let student: TestUser
let mentorUser: TestUser
let staff: TestUser
let admin: TestUser

beforeAll(async () => {
  ;({ payload, rest, staff, admin } = await setUpWorld({ staff: true }))
  serviceKey = (await import('../../lib/env')).env.SERVICE_KEY
  ;[student, mentorUser] = await Promise.all([createUser(payload), createUser(payload, { roles: ['mentor'] })])
})

const form = (over: Record<string, unknown> = {}) => ({
  name: 'Priya Sharma',
  email: `${unique('applicant')}@example.com`,
  company: 'Flipkart',
  role: 'Senior Software Engineer',
  years: 7,
  profileUrl: 'https://www.linkedin.com/in/priya-sharma',
  topics: 'DSA, System Design',
  why: 'I want to help students crack their first interviews.',
  ...over,
})

const apply = (body: unknown, key: string | null = serviceKey) =>
  rest.post('/mentor-applications/apply', { body, headers: key ? { [SERVICE_KEY_HEADER]: key } : {} })

const decide = (id: number, body: unknown, who: TestUser | null) =>
  rest.post(`/mentor-applications/${id}/decide`, { body, token: who?.token ?? null })

async function stored(id: number): Promise<MentorApplication> {
  return (await payload.findByID({ collection: 'mentor-applications', id, depth: 0, overrideAccess: true })) as MentorApplication
}

async function applied(over: Record<string, unknown> = {}): Promise<MentorApplication> {
  const res = await apply(form(over))
  expect(res.status).toBe(201)
  return stored(res.body.id)
}

async function usersWith(email: string): Promise<User[]> {
  return (await payload.find({ collection: 'users', where: { email: { equals: email } }, depth: 0, overrideAccess: true })).docs as User[]
}

async function mentorsWith(email: string): Promise<Mentor[]> {
  return (await payload.find({ collection: 'mentors', where: { email: { equals: email } }, depth: 0, draft: true, overrideAccess: true }))
    .docs as Mentor[]
}

describe('POST /api/mentor-applications/apply (the site, service key)', () => {
  it('needs the service key: nobody applies by calling the CMS directly', async () => {
    const body = form()
    expect((await apply(body, null)).status).toBe(401)
    expect((await apply(body, 'x'.repeat(40))).status).toBe(401)
    expect((await payload.count({ collection: 'mentor-applications', where: { email: { equals: body.email } } })).totalDocs).toBe(0)
  })

  it('checks every field with a clear message and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: ' ' }, 'name', 'Please enter your name.'],
      [{ email: 'nope' }, 'email', 'Please enter a valid e-mail address.'],
      [{ company: '' }, 'company', 'Please enter where you work now.'],
      [{ role: '' }, 'role', 'Please enter your role, e.g. Senior Software Engineer.'],
      [{ years: -1 }, 'years', 'Enter your years of experience as a whole number from 0 to 60.'],
      [{ years: 2.5 }, 'years', 'Enter your years of experience as a whole number from 0 to 60.'],
      [{ years: '' }, 'years', 'Enter your years of experience as a whole number from 0 to 60.'],
      [
        { profileUrl: 'http://linkedin.com/in/x' },
        'profileUrl',
        'Enter a full https:// address, e.g. https://www.linkedin.com/in/your-name.',
      ],
      [{ profileUrl: 'javascript:alert(1)' }, 'profileUrl', 'Enter a full https:// address, e.g. https://www.linkedin.com/in/your-name.'],
      [{ topics: '' }, 'topics', 'Please name the topics you would mentor, e.g. DSA, System Design.'],
      [{ why: 'x'.repeat(1001) }, 'why', 'Why is at most 1000 characters.'],
    ]
    for (const [over, field, message] of cases) {
      const body = form(over)
      const res = await apply(body)
      expect(res.status, JSON.stringify(over)).toBe(400)
      expect(res.body.code).toBe('INVALID_INPUT')
      expect(res.body.fieldErrors[field]).toBe(message)
    }
    const raw = await rest.post('/mentor-applications/apply', { rawBody: '{', headers: { [SERVICE_KEY_HEADER]: serviceKey } })
    expect(raw.status).toBe(400)
  })

  it('stores the application as Submitted (e-mail in lower case) and e-mails the applicant a receipt', async () => {
    const email = `${unique('Receipt')}@Example.com`
    const res = await apply(form({ email, name: '  Priya Sharma ', years: '7' }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'submitted', message: MENTOR_APPLICATION_MESSAGES.SUBMITTED })
    const application = await stored(res.body.id)
    expect(application).toMatchObject({ email: email.toLowerCase(), name: 'Priya Sharma', years: 7, status: 'submitted' })
    const mails = await queuedEmails(payload, email.toLowerCase(), 'mentor-application-received')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Senior Software Engineer at Flipkart')
  })

  it('refuses a second application from the same e-mail while one is open, with a clear message', async () => {
    const email = `${unique('dup')}@example.com`
    const first = await applied({ email })
    const again = await apply(form({ email: email.toUpperCase(), name: 'Someone else' }))
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'APPLICATION_ALREADY_OPEN', message: MENTOR_APPLICATION_MESSAGES.ALREADY_OPEN })
    // Under review is open too.
    expect((await decide(first.id, { decision: 'review' }, staff)).status).toBe(200)
    expect((await apply(form({ email }))).status).toBe(409)
    expect(await queuedEmails(payload, email, 'mentor-application-received')).toHaveLength(1)
    // Once decided, the person may apply again.
    expect((await decide(first.id, { decision: 'decline', reason: 'Not enough experience yet.' }, staff)).status).toBe(200)
    expect((await apply(form({ email }))).status).toBe(201)
  })

  it('two simultaneous applications with one e-mail store one', async () => {
    const email = `${unique('race')}@example.com`
    const results = await Promise.all([apply(form({ email })), apply(form({ email })), apply(form({ email }))])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409])
    expect((await payload.count({ collection: 'mentor-applications', where: { email: { equals: email } } })).totalDocs).toBe(1)
    expect(await queuedEmails(payload, email, 'mentor-application-received')).toHaveLength(1)
  })

  it('the site counts applications per address: a few in ten minutes, then 429', async () => {
    const guard = (key: string) =>
      rest.post('/sign-in-guard', {
        body: { hits: [{ limit: 'mentorApplicationByIp', key }] },
        headers: { [SERVICE_KEY_HEADER]: serviceKey },
      })
    const key = `ip:${unique('10.0.0')}`
    for (let i = 0; i < LIMITS.mentorApplicationByIp; i++) expect((await guard(key)).status).toBe(200)
    const over = await guard(key)
    expect(over.status).toBe(429)
    expect(over.headers.get('Retry-After')).toMatch(/^\d+$/)
    // Another address is counted apart.
    expect((await guard(`ip:${unique('10.0.1')}`)).status).toBe(200)
  })
})

describe('who reads and edits applications', () => {
  it('nobody creates one over REST, not even an admin; only staff and admins read them', async () => {
    for (const who of [null, student, mentorUser, staff, admin]) {
      const res = await rest.post('/mentor-applications', { body: form(), token: who?.token ?? null })
      expect(res.status, who?.roles?.join() ?? 'anonymous').toBe(403)
    }
    const application = await applied()
    for (const who of [null, student, mentorUser]) {
      expect((await rest.get(`/mentor-applications/${application.id}`, { token: who?.token ?? null })).status).toBe(403)
      const list = await rest.get('/mentor-applications', { token: who?.token ?? null })
      expect(list.status).toBe(403)
    }
    for (const who of [staff, admin]) {
      const res = await rest.get(`/mentor-applications/${application.id}`, { token: who.token })
      expect(res.status).toBe(200)
      expect(res.body.email).toBe(application.email)
    }
  })

  it('an edit changes the reviewer’s notes only: what the applicant wrote and the status stay', async () => {
    const application = await applied()
    const res = await rest.patch(`/mentor-applications/${application.id}`, {
      token: staff.token,
      body: { reviewerNotes: 'Strong DSA background.', status: 'accepted', name: 'Changed', years: 40, decidedBy: staff.id },
    })
    expect(res.status).toBe(200)
    const after = await stored(application.id)
    expect(after).toMatchObject({ reviewerNotes: 'Strong DSA background.', status: 'submitted', name: 'Priya Sharma', years: 7 })
    expect(after.decidedBy ?? null).toBeNull()
    expect(await usersWith(application.email)).toHaveLength(0)
  })
})

describe('POST /api/mentor-applications/:id/decide (the review buttons)', () => {
  it('only staff and admins review; anonymous is 401, students and mentors 403; accepting is an admin’s', async () => {
    const application = await applied()
    expect((await decide(application.id, { decision: 'review' }, null)).status).toBe(401)
    expect((await decide(application.id, { decision: 'review' }, student)).status).toBe(403)
    expect((await decide(application.id, { decision: 'decline', reason: 'No.' }, mentorUser)).status).toBe(403)
    const staffAccept = await decide(application.id, { decision: 'accept' }, staff)
    expect(staffAccept.status).toBe(403)
    expect(staffAccept.body.message).toBe('Only an admin accepts an application: it creates an account with the mentor role.')
    expect((await stored(application.id)).status).toBe('submitted')
    expect(await usersWith(application.email)).toHaveLength(0)
  })

  it('answers bad input and unknown ids with 400 and 404', async () => {
    const application = await applied()
    expect((await decide(application.id, { decision: 'maybe' }, admin)).status).toBe(400)
    const noReason = await decide(application.id, { decision: 'decline', reason: ' ' }, admin)
    expect(noReason.status).toBe(400)
    expect(noReason.body.message).toBe('Write the applicant the reason: it is e-mailed to them.')
    expect((await decide(999_999, { decision: 'review' }, admin)).status).toBe(404)
    expect((await rest.post('/mentor-applications/abc/decide', { body: { decision: 'review' }, token: admin.token })).status).toBe(400)
  })

  it('marks an application under review, then declines it with the reason e-mailed once; a decided one stays decided', async () => {
    const application = await applied()
    const review = await decide(application.id, { decision: 'review' }, staff)
    expect(review.body).toMatchObject({ changed: true, application: { status: 'under-review' } })
    expect((await decide(application.id, { decision: 'review' }, staff)).body.changed).toBe(false)
    const declined = await decide(application.id, { decision: 'decline', reason: 'We need mentors in data science this month.' }, staff)
    expect(declined.status).toBe(200)
    const after = await stored(application.id)
    expect(after).toMatchObject({ status: 'declined', declineReason: 'We need mentors in data science this month.' })
    expect(after.decidedBy).toBe(staff.id)
    expect(after.decidedAt).toBeTruthy()
    const mails = await queuedEmails(payload, application.email, 'mentor-application-declined')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('We need mentors in data science this month.')
    for (const body of [{ decision: 'decline', reason: 'Again.' }, { decision: 'accept' }, { decision: 'review' }]) {
      const res = await decide(application.id, body, admin)
      expect(res.status).toBe(409)
      expect(res.body.message).toBe('This application has already been declined; it cannot be changed.')
    }
    expect(await queuedEmails(payload, application.email, 'mentor-application-declined')).toHaveLength(1)
    expect(await usersWith(application.email)).toHaveLength(0)
  })

  it('accepting makes a Google-only mentor account and a draft profile from the application, and e-mails what happens next', async () => {
    const application = await applied({ profileUrl: 'https://github.com/priya' })
    const res = await decide(application.id, { decision: 'accept' }, admin)
    expect(res.status).toBe(200)
    expect(res.body.changed).toBe(true)
    const [account] = await usersWith(application.email)
    expect(account).toBeDefined()
    expect(account!.roles).toEqual(['mentor'])
    expect(account!.name).toBe('Priya Sharma')
    const full = (await payload.findByID({ collection: 'users', id: account!.id, showHiddenFields: true, overrideAccess: true })) as User
    expect(full.passwordLogin).toBe(false)
    const [profile] = await mentorsWith(application.email)
    expect(profile).toMatchObject({
      name: 'Priya Sharma',
      user: account!.id,
      profession: 'Senior Software Engineer',
      company: 'Flipkart',
      skills: 'DSA, System Design',
      linkedin: 'https://github.com/priya',
      _status: 'draft',
    })
    // A draft: students and visitors do not see it yet.
    expect((await rest.get(`/mentors/${profile!.id}`)).status).toBe(404)
    const after = await stored(application.id)
    expect(after).toMatchObject({ status: 'accepted', user: account!.id, mentor: profile!.id, decidedBy: admin.id })
    const mails = await queuedEmails(payload, application.email, 'mentor-application-accepted')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('sign in with Google using this e-mail address')
  })

  it('accepting is idempotent: again (or twice at once) makes one account, one profile and one e-mail', async () => {
    const application = await applied()
    const results = await Promise.all([
      decide(application.id, { decision: 'accept' }, admin),
      decide(application.id, { decision: 'accept' }, admin),
    ])
    expect(results.map((r) => r.status)).toEqual([200, 200])
    expect(results.map((r) => r.body.changed).sort()).toEqual([false, true])
    const again = await decide(application.id, { decision: 'accept' }, admin)
    expect(again.status).toBe(200)
    expect(again.body.changed).toBe(false)
    expect(await usersWith(application.email)).toHaveLength(1)
    expect(await mentorsWith(application.email)).toHaveLength(1)
    expect(await queuedEmails(payload, application.email, 'mentor-application-accepted')).toHaveLength(1)
    const decline = await decide(application.id, { decision: 'decline', reason: 'Changed our mind.' }, admin)
    expect(decline.status).toBe(409)
    expect(decline.body.message).toBe('This application has already been accepted; it cannot be changed.')
  })

  it('an existing account with the e-mail (a student) gains the mentor role; an unlinked profile with the e-mail is linked', async () => {
    const person = await createUser(payload, { email: `${unique('was-student')}@example.com`, name: 'Was Student' })
    const application = await applied({ email: person.email })
    expect((await decide(application.id, { decision: 'accept' }, admin)).status).toBe(200)
    const [account] = await usersWith(person.email)
    expect(account!.id).toBe(person.id)
    expect(account!.roles?.slice().sort()).toEqual(['mentor', 'student'])

    const profile = await createMentor(payload, { published: false })
    const other = await applied({ email: profile.email })
    expect((await decide(other.id, { decision: 'accept' }, admin)).status).toBe(200)
    const [linked] = await mentorsWith(profile.email)
    expect(linked!.id).toBe(profile.id)
    const [newAccount] = await usersWith(profile.email)
    expect(linked!.user).toBe(newAccount!.id)
    expect((await stored(other.id)).mentor).toBe(profile.id)
  })

  it('an acceptance that cannot finish changes nothing: no account, no role, no e-mail, still open', async () => {
    // A profile with the applicant's e-mail that already belongs to another account.
    const owner = await createUser(payload, { roles: ['mentor'] })
    const profile = await createMentor(payload, { user: owner })
    const application = await applied({ email: profile.email })
    const res = await decide(application.id, { decision: 'accept' }, admin)
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('MENTOR_PROFILE_CONFLICT')
    expect(await usersWith(profile.email)).toHaveLength(0)
    expect((await stored(application.id)).status).toBe('submitted')
    expect(await queuedEmails(payload, profile.email, 'mentor-application-accepted')).toHaveLength(0)
  })
})
