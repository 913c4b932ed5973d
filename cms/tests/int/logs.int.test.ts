import { Writable } from 'node:stream'
import { AuthenticationError, type Payload } from 'payload'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWithRequest } from '../../lib/observability/context'
import { loggerOptions } from '../../lib/observability/logger'
import { createBooking } from '../../services/booking'
import { reqAs, setUpWorld } from '../fixtures'
import { createMentor, createUser, givePlan } from '../helpers/scenarios'

/**
 * What the CMS writes to its log (docs/decisions/132-logs.md), captured from the real logger
 * configuration (the Payload config's `logger.options`): a booking group that fails as a whole
 * logs its failure with the SQLSTATE but without the failed statement or its parameters (user ids,
 * phone numbers); e-mail addresses never appear; a refusal Payload logs as an error (a wrong
 * password) is written at info, without a stack; every line of a request carries its id.
 */
const lines: Record<string, unknown>[] = []
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line))
    done()
  },
})
let payload: Payload
let original: Payload['logger']

beforeAll(async () => ({ payload } = await setUpWorld()))

afterAll(() => {
  if (payload && original) payload.logger = original
})

async function capture<T>(fn: () => Promise<T>): Promise<T> {
  original ??= payload.logger
  payload.logger = pino({ ...loggerOptions('info'), name: 'payload' }, sink) as unknown as Payload['logger']
  try {
    return await fn()
  } finally {
    payload.logger = original
  }
}

describe('the CMS logs', () => {
  it('a failed booking group: the SQLSTATE, no statement, no parameters, no e-mail or phone', async () => {
    const p = payload
    const mentor = await createMentor(p, { capacity: 1 })
    const students = [await createUser(p), await createUser(p)]
    for (const s of students) await givePlan(p, s)
    const phone = '9845012345'
    await capture(() =>
      runWithRequest({ requestId: 'log-test-0001' }, () =>
        Promise.allSettled(
          [...students.map((s) => s.id), 9_000_000_000, students[0]!.id].map(async (userId) =>
            createBooking(await reqAs(), { userId, mentorId: mentor.id, phone, name: 'Asha Rao' }),
          ),
        ),
      ),
    )
    const failure = lines.find((l) => l.msg === 'A group of bookings failed as a whole; deciding each alone')
    expect(failure, JSON.stringify(lines.map((l) => l.msg))).toBeTruthy()
    expect(failure!.requestId).toBe('log-test-0001')
    const text = JSON.stringify(lines)
    // The SQLSTATE of "integer out of range" (22003), somewhere in the error's causes.
    expect(text).toMatch(/"code":"22003"/)
    for (const personal of [phone, ...students.map((s) => s.email), 'insert into', 'params:']) {
      expect(text.toLowerCase().includes(personal.toLowerCase()), personal).toBe(false)
    }
  })

  it('a refusal Payload logs as an error is written at info, without a stack', async () => {
    lines.length = 0
    await capture(async () => {
      payload.logger.error({ err: new AuthenticationError() })
      payload.logger.error({ msg: 'a real failure', err: new Error('boom') })
    })
    const [refusal, failure] = lines
    expect(refusal!.level).toBe(30)
    expect(JSON.stringify(refusal)).not.toContain('stack')
    expect(failure!.level).toBe(50)
    expect((failure!.err as { stack?: string }).stack).toBeTruthy()
  })
})
