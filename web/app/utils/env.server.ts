import { z } from 'zod'

/**
 * The site's environment, parsed once at start-up (Epic Stack's env.server.ts). Development and
 * tests run on safe defaults; production refuses them unless MOCKS=true marks a test run, which in
 * production also needs MOCKS_I_UNDERSTAND and loopback-only public URLs (docs/decisions/055-mocks-opt-in.md).
 */
const MOCKS_OPT_IN = 'yes-this-is-not-production'

/** localhost, 127.0.0.0/8, ::1 and *.localhost: a URL only this machine reaches. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.toLowerCase()
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0123456789'
const DEV_SERVICE_KEY = 'dev-only-service-key-change-me-0123456789'

/** A secret of at least 32 bytes (not characters: a short secret in a wide script is still short). */
const secret = z.string().refine((v) => Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes (e.g. `openssl rand -hex 32`)')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Where this server reaches the CMS (server to server). */
  CMS_INTERNAL_URL: z.string().url().default('http://127.0.0.1:3001'),
  /** The CMS as a browser sees it (links to /admin, media URLs). */
  CMS_PUBLIC_URL: z.string().url().default('http://localhost:3001'),
  WEB_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  SESSION_SECRET: secret.default(DEV_SESSION_SECRET),
  SERVICE_KEY: secret.default(DEV_SERVICE_KEY),
  /** Bearer token for the site's /metrics; unset: its metrics are off. */
  METRICS_TOKEN: secret.optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  /** Production with Razorpay's test keys on purpose (a staging copy that takes no real money). */
  ALLOW_TEST_KEYS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  MOCKS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  MOCKS_I_UNDERSTAND: z.string().optional(),
  /** Proxies in front of the site that append to X-Forwarded-For (0: trust none, use the socket). */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  /** Seconds public CMS content stays cached when no revalidation arrives. */
  CONTENT_CACHE_TTL: z.coerce.number().int().min(0).default(300),
  /** Seconds between two comparisons of the CMS's content versions: the bound on a missed change. */
  CONTENT_VERSION_CHECK_SECONDS: z.coerce.number().min(0).max(60).default(5),
})

export type WebEnv = z.infer<typeof schema> & { isProduction: boolean; usingGoogle: boolean }

function load(): WebEnv {
  return parseEnv(process.env)
}

/** The environment `source` describes, parsed; throws with every problem named (a production one included). */
export function parseEnv(source: Record<string, string | undefined>): WebEnv {
  const parsed = schema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid site environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const result: WebEnv = { ...e, isProduction: e.NODE_ENV === 'production', usingGoogle: Boolean(e.GOOGLE_CLIENT_ID) }
  const problems = productionProblems(result)
  if (problems.length) throw new Error(`Refusing to start in production:\n  - ${problems.join('\n  - ')}`)
  return result
}

/** Problems that make a production start unsafe; empty when the start may go on. */
export function productionProblems(e: WebEnv): string[] {
  const problems: string[] = []
  if (e.isProduction) {
    if (e.SESSION_SECRET === DEV_SESSION_SECRET) problems.push('SESSION_SECRET is the development default')
    if (e.SERVICE_KEY === DEV_SERVICE_KEY) problems.push('SERVICE_KEY is the development default')
    if (e.MOCKS) {
      if (e.MOCKS_I_UNDERSTAND !== MOCKS_OPT_IN) problems.push(`MOCKS=true in production needs MOCKS_I_UNDERSTAND=${MOCKS_OPT_IN}`)
      for (const [name, url] of Object.entries({ CMS_PUBLIC_URL: e.CMS_PUBLIC_URL, WEB_PUBLIC_URL: e.WEB_PUBLIC_URL })) {
        if (!isLoopbackUrl(url)) problems.push(`MOCKS=true is for local test runs only, but ${name} is not a loopback URL`)
      }
    }
    if (!e.MOCKS) {
      // A test run (MOCKS) is on loopback URLs by rule; a real one is reached over HTTPS from elsewhere.
      for (const [name, url] of Object.entries({ CMS_PUBLIC_URL: e.CMS_PUBLIC_URL, WEB_PUBLIC_URL: e.WEB_PUBLIC_URL })) {
        if (isLoopbackUrl(url)) problems.push(`${name} is a loopback address (${url}): set the address people reach`)
        else if (!url.startsWith('https://')) problems.push(`${name} must be https:// in production (${url})`)
      }
      if (!e.usingGoogle) problems.push('GOOGLE_CLIENT_ID is missing (the local OpenID issuer is for development only)')
      if (!e.RAZORPAY_KEY_ID) problems.push("RAZORPAY_KEY_ID is missing: the checkout would load Razorpay's script without a key")
      else if (e.RAZORPAY_KEY_ID.startsWith('rzp_test_') && !e.ALLOW_TEST_KEYS)
        problems.push('RAZORPAY_KEY_ID is a test key (rzp_test_…): no real money would move (ALLOW_TEST_KEYS=true for a staging copy)')
    }
    if (e.usingGoogle && !e.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET is missing (Google sign-in needs it)')
  }
  return problems
}

export const env = load()
