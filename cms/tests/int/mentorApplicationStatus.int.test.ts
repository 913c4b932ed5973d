import { MENTOR_APPLICATION_STATUS_NOT_FOUND, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import type { MentorApplication } from '@mentorloop/shared/payload-types'
import { beforeAll, describe, expect, it } from 'vitest'
import { env } from '../../lib/env'
import { statusSignature } from '../../services/mentorApplications/statusLink'
import { type RestClient, setUpWorld, type TestUser, world } from '../fixtures'
import { queuedEmails } from '../helpers/payments'
import { unique } from '../helpers/scenarios'

/**
 * The applicant's status link (issue 35): the receipt e-mail links the status page with the
 * application's id and a key only the CMS can make; the site reads the status with its service key;
 * a wrong, partial or borrowed key is a 404 that tells nothing.
 */
let rest: RestClient
let admin: TestUser
const service = () => ({ [SERVICE_KEY_HEADER]: env.SERVICE_KEY })

beforeAll(async () => ({ rest, admin } = await setUpWorld()))

async function apply(name: string): Promise<MentorApplication & { link: URL }> {
  const email = `${unique('applicant')}@example.com`
  const res = await rest.post('/mentor-applications/apply', {
    headers: service(),
    body: {
      name,
      email,
      company: 'Swiggy',
      role: 'Engineering Manager',
      years: 11,
      profileUrl: 'https://www.linkedin.com/in/someone',
      topics: 'Careers, System Design',
      why: 'I enjoy helping students find their first job.',
    },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const [receipt] = await queuedEmails(world().payload, email, 'mentor-application-received')
  const href = /https?:\/\/\S+\/become-a-mentor\/status\?[^\s"<)]+/.exec(String(receipt!.text))?.[0]
  expect(href, String(receipt!.text)).toBeDefined()
  const application = (await world().payload.findByID({
    collection: 'mentor-applications',
    id: res.body.id,
    overrideAccess: true,
  })) as MentorApplication
  return { ...application, link: new URL(href!.replaceAll('&amp;', '&')) }
}

const status = (query: Record<string, string>, headers: Record<string, string> = service()) =>
  rest.get('/mentor-applications/status', { query, headers })

describe("the applicant's status link", () => {
  it('the receipt links the site’s status page for this application; the status follows the review', async () => {
    const a = await apply('Ravi Kumar')
    expect(a.link.origin).toBe(new URL(env.WEB_PUBLIC_URL).origin)
    expect(a.link.searchParams.get('application')).toBe(String(a.id))
    const query = Object.fromEntries(a.link.searchParams)

    const submitted = await status(query)
    expect(submitted.status).toBe(200)
    expect(submitted.body).toMatchObject({
      name: 'Ravi Kumar',
      role: 'Engineering Manager',
      company: 'Swiggy',
      status: 'submitted',
      decidedAt: null,
      declineReason: null,
    })
    expect(Date.parse(submitted.body.appliedAt)).toBe(Date.parse(a.createdAt))

    const declined = await rest.post(`/mentor-applications/${a.id}/decide`, {
      token: admin.token,
      body: { decision: 'decline', reason: 'We need mentors in data science this month.' },
    })
    expect(declined.status, JSON.stringify(declined.body)).toBe(200)
    const after = await status(query)
    expect(after.body).toMatchObject({ status: 'declined', declineReason: 'We need mentors in data science this month.' })
    expect(after.body.decidedAt).toEqual(expect.any(String))
  })

  it('a wrong key, another application’s key or a missing one is the same 404; bad input 400; only the site may ask', async () => {
    const a = await apply('Meena Iyer')
    const b = await apply('Arjun Rao')
    const notFound = (res: { status: number; body: { message?: string } }) => {
      expect(res.status).toBe(404)
      expect(res.body.message).toBe(MENTOR_APPLICATION_STATUS_NOT_FOUND)
    }
    notFound(await status({ application: String(a.id), key: statusSignature(b.id) }))
    notFound(await status({ application: String(a.id), key: `${statusSignature(a.id).slice(0, 31)}x` }))
    notFound(await status({ application: '2147483000', key: statusSignature(2_147_483_000) }))
    expect((await status({ application: String(a.id) })).status).toBe(400)
    expect((await status({ application: 'abc', key: statusSignature(a.id) })).status).toBe(400)
    const anonymous = await status({ application: String(a.id), key: statusSignature(a.id) }, {})
    expect([401, 403]).toContain(anonymous.status)
    expect(JSON.stringify(anonymous.body)).not.toContain('Meena')
  })
})
