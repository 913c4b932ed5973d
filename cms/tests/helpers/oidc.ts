import { randomBytes } from 'node:crypto'
import { generateKeyPair, SignJWT } from 'jose'
import { type LocalIssuer, startLocalIssuer, subjectForEmail } from '../../../scripts/lib/oidc-issuer'

/**
 * The network boundary for sign-in tests: the same local OpenID issuer `npm run dev` uses
 * (oauth2-mock-server, playing Google), on a free port, plus hand-made ID tokens signed by its
 * key (or, for the bad-signature case, by a key it never published).
 */
export const TEST_CLIENT_ID = 'mentorloop-int-test'

export type TestIssuer = LocalIssuer & {
  idToken: (claims: Record<string, unknown>, opts?: { expiresIn?: number }) => Promise<string>
  forgedIdToken: (claims: Record<string, unknown>) => Promise<string>
}

export const randomNonce = () => randomBytes(24).toString('base64url')

export function googleClaims(email: string, nonce: string, over: Record<string, unknown> = {}) {
  return {
    sub: subjectForEmail(email),
    email,
    email_verified: true,
    name: 'Test Person',
    picture: `https://avatars.mentorloop.invalid/${subjectForEmail(email)}.png`,
    nonce,
    aud: TEST_CLIENT_ID,
    ...over,
  }
}

export async function startTestIssuer(): Promise<TestIssuer> {
  const local = await startLocalIssuer({ port: 0 })
  const kid = local.issuer.keys.get()?.kid
  const rogue = await generateKeyPair('RS256')
  return {
    ...local,
    idToken: (claims, opts = {}) =>
      local.issuer.buildToken({
        expiresIn: opts.expiresIn ?? 3600,
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, claims)
          for (const [k, v] of Object.entries(claims)) if (v === undefined) delete payload[k]
        },
      }),
    forgedIdToken: async (claims) => {
      const now = Math.floor(Date.now() / 1000)
      return new SignJWT({ iss: local.url, iat: now, exp: now + 3600, ...claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .sign(rogue.privateKey)
    },
  }
}
