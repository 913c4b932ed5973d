import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '../../lib/env'

/**
 * The link in an applicant's receipt to their application's status page on the site. It names the
 * application and carries an HMAC of its id under a key derived from PAYLOAD_SECRET: only whoever
 * received the e-mail can read the status, and no token is stored (decision 200).
 */
const statusKey = () => createHmac('sha256', env.PAYLOAD_SECRET).update('mentor-application-status').digest()

export const statusSignature = (id: number): string => createHmac('sha256', statusKey()).update(String(id)).digest('base64url').slice(0, 32)

export function isStatusSignature(id: number, key: string): boolean {
  const expected = Buffer.from(statusSignature(id))
  const given = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export const statusUrl = (id: number): string =>
  `${env.WEB_PUBLIC_URL}/become-a-mentor/status?${new URLSearchParams({ application: String(id), key: statusSignature(id) })}`
