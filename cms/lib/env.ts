import { z } from 'zod'

/**
 * The CMS environment, parsed once. Development and tests run on safe defaults; a production
 * start refuses the defaults and the offline stand-ins (local OIDC issuer, sandbox gateway),
 * unless MOCKS=true says this production build is a test run (as the browser tests do).
 */
export const DEV_PAYLOAD_SECRET = 'dev-only-payload-secret-change-me-0123456789'
export const DEV_SERVICE_KEY = 'dev-only-service-key-change-me-0123456789'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:54329/mentorloop'),
  PAYLOAD_SECRET: z.string().min(32).default(DEV_PAYLOAD_SECRET),
  /** Shared secret between the site and the CMS (sign-in exchange, revalidation). */
  SERVICE_KEY: z.string().min(32).default(DEV_SERVICE_KEY),
  CMS_PUBLIC_URL: z.string().url().default('http://localhost:3001'),
  WEB_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** Where the CMS reaches the site from inside (revalidation); defaults to the public URL. */
  WEB_INTERNAL_URL: z.string().url().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().positive().optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('MentorLoop <no-reply@mentorloop.in>'),
  MOCKS: bool,
})

export type Env = z.infer<typeof schema> & {
  isProduction: boolean
  webInternalUrl: string
  oidcIssuer: string
  oidcClientId: string
  paymentsMode: 'razorpay' | 'sandbox'
}

function load(): Env {
  const parsed = schema.safeParse(process.env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid CMS environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const usingGoogle = Boolean(e.GOOGLE_CLIENT_ID)
  const env: Env = {
    ...e,
    isProduction: e.NODE_ENV === 'production',
    webInternalUrl: e.WEB_INTERNAL_URL ?? e.WEB_PUBLIC_URL,
    oidcIssuer: usingGoogle ? 'https://accounts.google.com' : (e.OIDC_ISSUER ?? 'http://localhost:3003'),
    oidcClientId: usingGoogle ? e.GOOGLE_CLIENT_ID! : (e.OIDC_CLIENT_ID ?? 'mentorloop-local'),
    paymentsMode: e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET ? 'razorpay' : 'sandbox',
  }
  return env
}

/** Problems that make a production start unsafe; empty when the start may go on. */
export function productionProblems(env: Env): string[] {
  if (!env.isProduction) return []
  const problems: string[] = []
  if (env.PAYLOAD_SECRET === DEV_PAYLOAD_SECRET) problems.push('PAYLOAD_SECRET is the development default')
  if (env.SERVICE_KEY === DEV_SERVICE_KEY) problems.push('SERVICE_KEY is the development default')
  if (!env.MOCKS) {
    if (!env.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID is missing (the local OpenID issuer is for development only)')
    if (env.paymentsMode !== 'razorpay')
      problems.push('RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET are missing (the sandbox gateway is for development only)')
    if (!env.RAZORPAY_WEBHOOK_SECRET) problems.push('RAZORPAY_WEBHOOK_SECRET is missing')
  }
  return problems
}

export const env: Env = load()

export function assertSafeForProduction(current: Env = env): void {
  const problems = productionProblems(current)
  if (problems.length > 0) {
    throw new Error(`Refusing to start in production:\n  - ${problems.join('\n  - ')}`)
  }
}
