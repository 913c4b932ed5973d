import type { User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { jwtVerify } from 'jose'
import { type AuthStrategy, JWT_AUTH_VERSION, type Payload } from 'payload'
import { parseCookies } from 'payload/shared'
import { noteUser } from './observability/context'
import { databaseAnswers, isDatabaseUnavailable, markDatabaseUnavailable } from './unavailable'

/**
 * Who sent this request, in one SQL statement (docs/decisions/117).
 *
 * Payload's own JWT strategy verifies the token and then reads the whole user through the Local
 * API (`findByID`: hooks, field traversal, every array) on every authenticated call. This reads
 * the same user fields, its roles and the session named in the token at once. A signed-out
 * session (logout deletes its row) finds no row, so revocation works exactly as before.
 */

/** Payload's strategy name: logout and refresh look for it on the user. */
const STRATEGY = 'local-jwt'

type Reference = { id: number; sid: string }

/**
 * The token as Payload's `extractJWT` finds it (not exported by Payload): in the configured order,
 * `Authorization: Bearer …`, the session cookie, `Authorization: JWT …`. The cookie is taken from
 * another origin only when the CSRF list allows it, and without an `Origin` only from a same-site
 * browser request or when no list is configured.
 */
export function extractToken(headers: Headers, payload: Payload): string | null {
  const authorization = headers.get('authorization') ?? ''
  for (const method of payload.config.auth.jwtOrder) {
    if (method === 'Bearer' && authorization.startsWith('Bearer ')) return authorization.slice('Bearer '.length)
    if (method === 'JWT' && authorization.startsWith('JWT ')) return authorization.slice('JWT '.length)
    if (method === 'cookie') {
      const token = parseCookies(headers).get(`${payload.config.cookiePrefix}-token`)
      if (token && cookieAllowed(headers, payload.config.csrf)) return token
    }
  }
  return null
}

function cookieAllowed(headers: Headers, csrf: string[]): boolean {
  const origin = headers.get('origin')
  if (origin) return csrf.length === 0 || csrf.includes(origin)
  if (csrf.length === 0) return true
  const site = headers.get('sec-fetch-site')
  return site === 'same-origin' || site === 'same-site' || site === 'none'
}

/**
 * The HMAC key of Payload's tokens, imported once per secret: jose imports a raw secret into a
 * WebCrypto key on every call otherwise (half the cost of a verification, measured under the rush).
 */
let verifyKey: { secret: string; key: Promise<CryptoKey> } | null = null
function keyOf(secret: string): Promise<CryptoKey> {
  if (verifyKey?.secret !== secret) {
    const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
    verifyKey = { secret, key }
  }
  return verifyKey.key
}

/** The token's user and session, if its signature, version and claims are Payload's; else null. */
async function verify(token: string, payload: Payload): Promise<Reference | null> {
  try {
    const { payload: claims, protectedHeader } = await jwtVerify(token, await keyOf(payload.secret), { algorithms: ['HS256'] })
    if (protectedHeader.authVersion !== JWT_AUTH_VERSION) return null
    const { id, collection, sid } = claims as { id?: unknown; collection?: unknown; sid?: unknown }
    if (collection !== 'users' || typeof sid !== 'string') return null
    const numeric = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id
    return typeof numeric === 'number' && Number.isSafeInteger(numeric) ? { id: numeric, sid } : null
  } catch {
    return null
  }
}

type Row = {
  id: number
  name: string | null
  display_name: string | null
  email: string
  phone: string | null
  profile_image: string | null
  password_login: boolean | null
  reminders_off: boolean | null
  calendar_token_hash: string | null
  google_sub: string | null
  updated_at: string
  created_at: string
  roles: User['roles']
  sessions: { id: string; createdAt: string | null; expiresAt: string }[]
}

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString())

/**
 * The user as Payload's `findByID` (depth 0, hidden fields left out) returns it, with the
 * session's marks. Null when the user or the session is gone.
 */
export async function sessionUser(payload: Payload, ref: Reference): Promise<(User & Record<string, unknown>) | null> {
  const db = (payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<{ rows: Row[] }> } }).drizzle
  const { rows } = await db.execute(sql`
    select u.id, u.name, u.display_name, u.email, u.phone, u.profile_image, u.password_login, u.reminders_off,
           u.calendar_token_hash, u.google_sub, u.updated_at, u.created_at,
           coalesce((select json_agg(r.value order by r."order") from users_roles r where r.parent_id = u.id), '[]') as roles,
           (select json_agg(json_build_object('id', s.id, 'createdAt', s.created_at, 'expiresAt', s.expires_at) order by s._order)
              from users_sessions s where s._parent_id = u.id) as sessions
      from users u
     where u.id = ${ref.id}
       and exists (select 1 from users_sessions s where s._parent_id = u.id and s.id = ${ref.sid})`)
  const row = rows[0]
  if (!row) return null
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    phone: row.phone,
    profileImage: row.profile_image,
    roles: row.roles,
    passwordLogin: row.password_login,
    remindersOff: row.reminders_off,
    // As Payload's own lookup returns them (its read access keeps both out of every answer). The old
    // plain column is emptied by its migration and never written: not read (docs/decisions/174).
    calendarToken: null,
    calendarTokenHash: row.calendar_token_hash,
    googleSub: row.google_sub,
    updatedAt: iso(row.updated_at)!,
    createdAt: iso(row.created_at)!,
    email: row.email,
    sessions: row.sessions.map((s) => ({ id: s.id, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt)! })),
    collection: 'users',
    _sid: ref.sid,
    _strategy: STRATEGY,
  } as User & Record<string, unknown>
}

/**
 * The CMS's one authentication strategy. A request without a valid token is anonymous (Payload's
 * own strategy, which runs after this one, finds no token either). A lookup that fails because the
 * database cannot be reached marks the request (503, never an anonymous answer).
 */
export const sessionLookupStrategy: AuthStrategy = {
  name: 'session-lookup',
  authenticate: async ({ headers, payload, req }) => {
    const token = extractToken(headers, payload)
    const ref = token ? await verify(token, payload) : null
    if (!ref) return { user: null }
    try {
      const user = await sessionUser(payload, ref)
      noteUser(user?.id)
      return { user }
    } catch (error) {
      if (isDatabaseUnavailable(error) || !(await databaseAnswers(payload))) markDatabaseUnavailable(req)
      else payload.logger.error({ msg: 'The session lookup failed', err: error })
      return { user: null }
    }
  },
}
