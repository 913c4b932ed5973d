import { createHash } from 'node:crypto'
import { type OAuth2Issuer, OAuth2Server } from 'oauth2-mock-server'

/**
 * The local stand-in for Google's OpenID Connect issuer (oauth2-mock-server), used by
 * `npm run dev` and the tests when GOOGLE_CLIENT_ID is not set. The site sends the chosen
 * e-mail as `login_hint`; the ID token then carries that e-mail, verified, with a stable subject,
 * a name and a picture, exactly the claims Google sends.
 */
export type LocalIssuer = {
  url: string
  stop: () => Promise<void>
  /** Signs tokens with the issuer's own key, for tests that need hand-made ID tokens. */
  issuer: OAuth2Issuer
}

export function displayNameFromEmail(email: string): string {
  const local = email.split('@')[0] ?? email
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ')
}

export function subjectForEmail(email: string): string {
  // Stable per e-mail, like Google's numeric `sub`.
  return createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 21)
}

/** `port: 0` picks a free port (tests); the URL then names the port actually used. */
export async function startLocalIssuer(opts: { port: number; host?: string; names?: Record<string, string> }) {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  const emailByCode = new Map<string, string>()

  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: { url?: string }) => {
    const query = new URL(req.url ?? '/', 'http://issuer').searchParams
    const email = (query.get('login_hint') ?? '').trim().toLowerCase()
    const code = redirect.url.searchParams.get('code')
    if (!code) return
    if (!email) {
      // Google would show its account chooser; the stand-in needs an e-mail to act as.
      redirect.url.searchParams.delete('code')
      redirect.url.searchParams.set('error', 'access_denied')
      redirect.url.searchParams.set('error_description', 'Choose an account to continue.')
      return
    }
    emailByCode.set(code, email)
  })

  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }, req: { body?: Record<string, string> }) => {
    const code = req.body?.code
    const email = code ? emailByCode.get(code) : undefined
    if (!email) return
    const name = opts.names?.[email] ?? displayNameFromEmail(email)
    Object.assign(token.payload, {
      sub: subjectForEmail(email),
      email,
      email_verified: true,
      name,
      given_name: name.split(' ')[0],
      picture: `https://avatars.mentorloop.invalid/${subjectForEmail(email)}.png`,
    })
  })
  // The code is single-use: forget it once both tokens are built.
  server.service.on('beforeResponse', (_res: unknown, req: { body?: Record<string, string> }) => {
    if (req.body?.code) emailByCode.delete(req.body.code)
  })

  const host = opts.host ?? '127.0.0.1'
  await server.start(opts.port, host)
  const url = `http://localhost:${server.address().port}`
  server.issuer.url = url
  return { url, stop: () => server.stop(), issuer: server.issuer } satisfies LocalIssuer
}
