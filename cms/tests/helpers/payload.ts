import { getPayload, type Payload } from 'payload'
import { afterAll } from 'vitest'
import { closePayload } from '../../lib/closePayload'

let instance: Promise<Payload> | null = null

/** One Payload per test file (worker), against the run's fresh database. */
export function testPayload(): Promise<Payload> {
  if (!instance) {
    instance = (async () => {
      const { default: config } = await import('../../payload.config')
      return getPayload({ config })
    })()
    afterAll(async () => {
      const p = await instance
      instance = null
      if (p) await closePayload(p)
    })
  }
  return instance
}
