import { commitTransaction, initTransaction, killTransaction, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderEmail } from '../../notifications/layout'
import { flushOutbox } from '../../notifications/outbox'
import { queueEmail } from '../../notifications/queueEmail'
import { reqAs, setUpWorld } from '../fixtures'
import { unique } from '../helpers/scenarios'

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld()))

const outboxFor = (to: string) => payload.find({ collection: 'email-outbox', where: { to: { equals: to } }, overrideAccess: true })

describe('e-mail through the outbox', () => {
  it('a committed transaction queues its e-mail in the outbox; a sender sends (captures) it', async () => {
    const to = `${unique('mail')}@test.mentorloop.in`
    const req = await reqAs()
    await initTransaction(req)
    await queueEmail(req, { to, template: 'test', ...renderEmail({ subject: 'Hello', greeting: 'Hi', paragraphs: ['One <b>line</b>.'] }) })
    await commitTransaction(req)
    expect((await outboxFor(to)).docs.map((d) => d.status)).toEqual(['queued'])
    await flushOutbox(payload)
    const { docs } = await outboxFor(to)
    expect(docs).toHaveLength(1)
    expect(docs[0]).toMatchObject({ subject: 'Hello', status: 'captured', template: 'test' })
    expect(docs[0]!.text).toContain('One <b>line</b>.')
    expect(docs[0]!.html).toContain('One &lt;b&gt;line&lt;/b&gt;.')
  })

  it('a rolled-back transaction sends nothing', async () => {
    const to = `${unique('mail')}@test.mentorloop.in`
    const req = await reqAs()
    await initTransaction(req)
    await queueEmail(req, { to, template: 'test', ...renderEmail({ subject: 'Never', greeting: 'Hi', paragraphs: [] }) })
    await killTransaction(req)
    await flushOutbox(payload)
    expect((await outboxFor(to)).totalDocs).toBe(0)
  })
})
