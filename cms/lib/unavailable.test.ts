import net from 'node:net'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable, unavailableResponse } from './unavailable'

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it("knows node-postgres's own error for a server that is not there", async () => {
    const client = new pg.Client({ connectionString: `postgres://u:p@127.0.0.1:${await closedPort()}/db` })
    const error = await client.connect().then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).not.toBeNull()
    expect(isDatabaseUnavailable(error)).toBe(true)
  })

  it('knows shutdown, start-up and connection SQLSTATEs, and the pool timeout', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08P01']) expect(isDatabaseUnavailable(pgError(code))).toBe(true)
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    // Payload's beginTransaction keeps only the driver's text.
    expect(isDatabaseUnavailable(new Error('Error: cannot begin transaction: connect ECONNREFUSED 127.0.0.1:5432'))).toBe(true)
  })

  it('looks through the wrappers drizzle and Payload put around the driver error', () => {
    const wrapped = new Error('Failed query: select 1', { cause: pgError('57P01', 'terminating connection due to administrator command') })
    expect(isDatabaseUnavailable(new Error('outer', { cause: wrapped }))).toBe(true)
    expect(isDatabaseUnavailable(new AggregateError([new Error('a'), pgError('ECONNREFUSED')]))).toBe(true)
  })

  it('leaves every other failure alone (a constraint, a bug, nothing)', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false)
    expect(isDatabaseUnavailable(pgError('40001'))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false)
    expect(isDatabaseUnavailable(null)).toBe(false)
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
  })
})

describe('unavailableResponse', () => {
  it('is a 503 with Retry-After and the envelope, and no driver text', async () => {
    const res = unavailableResponse()
    expect(res.status).toBe(503)
    expect(res.headers.get('Retry-After')).toBe('5')
    expect(await res.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      title: 'Temporarily unavailable',
      message: 'Temporarily unavailable, please try again.',
      error: 'Temporarily unavailable, please try again.',
    })
  })
})
