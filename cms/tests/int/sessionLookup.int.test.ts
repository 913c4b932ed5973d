import { SignJWT } from 'jose'
import { JWT_AUTH_VERSION, JWTAuthentication, type Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { extractToken, sessionLookupStrategy } from '../../lib/sessionLookup'
import { type RestClient, setUpWorld } from '../fixtures'
import { createUser } from '../helpers/scenarios'

/**
 * The CMS's session lookup (lib/sessionLookup.ts, docs/decisions/117) against Payload's own JWT
 * strategy, on real PostgreSQL: the same user for the same token, nobody for a token Payload
 * would refuse, and the same cookie rules.
 */
let payload: Payload
let rest: RestClient
beforeAll(async () => ({ payload, rest } = await setUpWorld()))

const authHeader = (token: string) => new Headers({ authorization: `JWT ${token}` })
const ours = (headers: Headers) => sessionLookupStrategy.authenticate({ headers, payload, canSetHeaders: false, isGraphQL: false })
const payloads = (headers: Headers) => JWTAuthentication({ headers, payload, canSetHeaders: false, isGraphQL: false })

/** A token signed with the CMS's secret (what only the CMS can make), with the given claims and header. */
async function signed(claims: Record<string, unknown>, header: Record<string, unknown> = { authVersion: JWT_AUTH_VERSION }) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', ...header })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(payload.secret))
}

describe('the session lookup', () => {
  it('finds the same user as Payload’s own strategy, for every role, with the session’s marks', async () => {
    for (const roles of [['student'], ['mentor'], ['staff'], ['admin', 'staff']] as const) {
      const user = await createUser(payload, { roles: [...roles] })
      await payload.update({ collection: 'users', id: user.id, data: { phone: '9876543210', remindersOff: true }, overrideAccess: true })
      const second = (
        await payload.login({ collection: 'users', data: { email: user.email, password: user.password }, overrideAccess: true })
      ).token!
      const expected = (await payloads(authHeader(second))).user
      expect(expected).toBeTruthy()
      expect((await ours(authHeader(second))).user).toEqual(expected)
    }
  })

  it('finds nobody after sign-out, for a deleted user, or for a token Payload would refuse', async () => {
    const user = await createUser(payload)
    expect((await ours(authHeader(user.token))).user?.id).toBe(user.id)
    expect((await rest.post('/users/logout', { token: user.token })).status).toBe(200)
    expect((await ours(authHeader(user.token))).user).toBeNull()

    const gone = await createUser(payload)
    await payload.delete({ collection: 'users', id: gone.id, overrideAccess: true })
    expect((await ours(authHeader(gone.token))).user).toBeNull()

    const live = await createUser(payload)
    const sid = JSON.parse(Buffer.from(live.token.split('.')[1]!, 'base64url').toString()).sid as string
    const refused = {
      'another session id': await signed({ id: live.id, collection: 'users', sid: 'not-a-session' }),
      'no session id': await signed({ id: live.id, collection: 'users' }),
      'another collection': await signed({ id: live.id, collection: 'mentors', sid }),
      'an old token version': await signed({ id: live.id, collection: 'users', sid }, { authVersion: JWT_AUTH_VERSION + 1 }),
      'another secret': await new SignJWT({ id: live.id, collection: 'users', sid })
        .setProtectedHeader({ alg: 'HS256', authVersion: JWT_AUTH_VERSION })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('not-the-secret')),
      expired: await new SignJWT({ id: live.id, collection: 'users', sid })
        .setProtectedHeader({ alg: 'HS256', authVersion: JWT_AUTH_VERSION })
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(payload.secret)),
      'not a token': 'abc.def.ghi',
    }
    for (const [what, token] of Object.entries(refused)) {
      expect((await ours(authHeader(token))).user, what).toBeNull()
      expect((await payloads(authHeader(token))).user, what).toBeNull()
    }
    // Payload signs HS256 only: the same claims under another HMAC are refused too.
    const hs512 = await new SignJWT({ id: live.id, collection: 'users', sid })
      .setProtectedHeader({ alg: 'HS512', authVersion: JWT_AUTH_VERSION })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(payload.secret))
    expect((await ours(authHeader(hs512))).user).toBeNull()
    // The same claims with the right session are accepted: the refusals above are the claims'.
    expect((await ours(authHeader(await signed({ id: live.id, collection: 'users', sid })))).user?.id).toBe(live.id)
  })

  it('reads the token where Payload does: the cookie only from an allowed origin or a same-site browser request', async () => {
    const cookie = `${payload.config.cookiePrefix}-token=tok`
    const allowed = payload.config.csrf[0]!
    const cases: [Record<string, string>, string | null][] = [
      [{ authorization: 'Bearer b' }, 'b'],
      [{ authorization: 'JWT j' }, 'j'],
      [{ cookie, origin: allowed }, 'tok'],
      [{ cookie, origin: 'https://evil.example' }, null],
      [{ cookie, 'sec-fetch-site': 'same-origin' }, 'tok'],
      [{ cookie, 'sec-fetch-site': 'cross-site' }, null],
      [{ cookie }, null],
      [{}, null],
    ]
    for (const [headers, token] of cases) expect(extractToken(new Headers(headers), payload), JSON.stringify(headers)).toBe(token)
  })
})
