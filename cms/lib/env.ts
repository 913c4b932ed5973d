import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

/**
 * The CMS environment, parsed once. Development and tests run on safe defaults; a production
 * start refuses the defaults and the offline stand-ins (local OIDC issuer, sandbox gateway),
 * unless MOCKS=true says this production build is a test run (as the browser tests do). MOCKS
 * switches every such guard off at once, so in production it also needs MOCKS_I_UNDERSTAND and
 * loopback-only public URLs (docs/decisions/055-mocks-opt-in.md).
 */
export const DEV_PAYLOAD_SECRET = 'dev-only-payload-secret-change-me-0123456789'
export const DEV_SERVICE_KEY = 'dev-only-service-key-change-me-0123456789'

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')

/** A secret of at least 32 bytes (not characters: a short secret in a wide script is still short). */
const secret = z.string().refine((v) => Buffer.byteLength(v, 'utf8') >= 32, 'must be at least 32 bytes (e.g. `openssl rand -hex 32`)')

/** An optional value where an empty one (`S3_BUCKET=` in a .env) means unset. */
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))

/** Where uploads live without S3 and without MEDIA_DIR: `.data/media` at the repository's root. */
export const DEFAULT_MEDIA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data/media')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:54329/mentorloop'),
  PAYLOAD_SECRET: secret.default(DEV_PAYLOAD_SECRET),
  /** Shared secret between the site and the CMS (sign-in exchange, revalidation). */
  SERVICE_KEY: secret.default(DEV_SERVICE_KEY),
  /** Bearer token for /metrics (the CMS's and the worker's); unset: the CMS's metrics are off. */
  METRICS_TOKEN: secret.optional(),
  /** The worker's own /healthz and /metrics (an internal port; 0 picks a free one). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  WORKER_METRICS_HOST: z.string().default('127.0.0.1'),
  CMS_PUBLIC_URL: z.string().url().default('http://localhost:3001'),
  WEB_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /**
   * Where the CMS reaches the site from inside (revalidation); defaults to the public URL. With
   * several site instances, a comma-separated list of each one's address (docs/decisions/113).
   */
  WEB_INTERNAL_URL: z
    .string()
    .refine((v) => v.split(',').every((u) => z.string().url().safeParse(u.trim()).success), 'a URL, or URLs separated by commas')
    .optional(),
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
  /**
   * Production sends mail over TLS only (STARTTLS required on 587, TLS from the start on 465);
   * true lets it fall back to plain SMTP, for a relay on the same host or a test sink. Logged at warn.
   */
  SMTP_ALLOW_PLAIN: bool,
  MAIL_FROM: z.string().default('MentorLoop <no-reply@mentorloop.in>'),
  /** Production without SMTP on purpose: e-mails are kept in the outbox, not sent (a staging copy). */
  EMAIL_DISABLED: bool,
  /** Production with Razorpay's test keys on purpose (a staging copy that takes no real money). */
  ALLOW_TEST_KEYS: bool,
  // Sign-ins per client IP in ten minutes (start, callback, exchange each): raise it where many
  // students share one address (a campus NAT), as the browser tests do (all from 127.0.0.1).
  SIGN_IN_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  // Sign-ins per account in ten minutes (starts and sessions minted). A browser-test stack raises
  // it: a few seeded personas sign in again in every test, and a quick run does it within minutes.
  SIGN_IN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  /**
   * Multiplies every per-account write limit (services/auth/rateLimits.ts). 1 in production; a
   * browser-test stack raises it, where a few seeded personas make a whole suite's writes.
   */
  WRITE_LIMITS_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * Proxies in front of the CMS that append the client's address to X-Forwarded-For (Caddy in
   * docker-compose.scaled.yml: 1). The password sign-in limits read the address the outermost one
   * wrote; with 0 the header is the client's own claim and ignored (one shared bucket).
   */
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  MOCKS: bool,
  MOCKS_I_UNDERSTAND: z.string().optional(),
  /** Uploads on local disk (a mounted volume in production) unless S3_BUCKET is set. */
  MEDIA_DIR: optionalText,
  // S3-compatible object storage for uploads (AWS S3, Cloudflare R2, MinIO…): on when S3_BUCKET is set.
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  /** The service's address for a non-AWS store (R2, MinIO); unset = AWS for S3_REGION. */
  S3_ENDPOINT: optionalText.pipe(z.string().url().optional()),
  /** Both or neither: neither = the SDK's own chain (an instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Bucket in the path (`endpoint/bucket/key`), as MinIO needs. */
  S3_FORCE_PATH_STYLE: bool,
})

/** Where uploaded media live: a local folder, or an S3-compatible bucket (lib/media.ts). */
export type MediaStorage =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3'
      bucket: string
      region: string
      endpoint?: string
      forcePathStyle: boolean
      credentials?: { accessKeyId: string; secretAccessKey: string }
    }

/** The value of MOCKS_I_UNDERSTAND that lets a production build run with MOCKS=true. */
export const MOCKS_OPT_IN = 'yes-this-is-not-production'

/** localhost, 127.0.0.0/8, ::1 and *.localhost: a URL only this machine reaches. */
/**
 * Whether the CMS's auth cookie (/admin) is `Secure`: in production, unless the CMS's public
 * address is a loopback one (a local production-like stack over plain HTTP).
 */
export function secureCookies(publicUrl: string, nodeEnv: string | undefined = process.env.NODE_ENV): boolean {
  return nodeEnv === 'production' && !isLoopbackUrl(publicUrl)
}

export function isLoopbackUrl(url: string): boolean {
  let host: string
  try {
    host = new URL(url).hostname.toLowerCase()
  } catch {
    return false
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * Why MOCKS may not be honoured in a production start (empty: it may). The stand-ins sign anyone
 * in (the seeded admin's e-mail included) and verify payments with public secrets, so a production
 * build takes them only with an explicit second opt-in and on URLs nobody else can reach.
 */
export function mocksProblems(
  e: { NODE_ENV: string; MOCKS: boolean; MOCKS_I_UNDERSTAND?: string },
  urls: Record<string, string | undefined>,
): string[] {
  if (e.NODE_ENV !== 'production' || !e.MOCKS) return []
  const problems: string[] = []
  if (e.MOCKS_I_UNDERSTAND !== MOCKS_OPT_IN) problems.push(`MOCKS=true in production needs MOCKS_I_UNDERSTAND=${MOCKS_OPT_IN}`)
  for (const [name, url] of Object.entries(urls)) {
    if (url !== undefined && !isLoopbackUrl(url)) problems.push(`MOCKS=true is for local test runs only, but ${name} is not a loopback URL`)
  }
  return problems
}

export type Env = z.infer<typeof schema> & {
  isProduction: boolean
  /** MOCKS as set; `MOCKS` itself is false when a production start may not take it. */
  mocksRequested: boolean
  webInternalUrl: string
  oidcIssuer: string
  oidcClientId: string
  paymentsMode: 'razorpay' | 'sandbox'
  media: MediaStorage
}

function mediaStorageOf(e: z.infer<typeof schema>): { media: MediaStorage; problems: string[] } {
  const problems: string[] = []
  const anyS3 = Boolean(e.S3_REGION || e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)
  if (!e.S3_BUCKET) {
    if (anyS3) problems.push('S3_BUCKET: required when any other S3_* variable is set (uploads go to S3 only with a bucket)')
    return { media: { kind: 'local', dir: path.resolve(e.MEDIA_DIR ?? DEFAULT_MEDIA_DIR) }, problems }
  }
  if (!e.S3_REGION) problems.push('S3_REGION: required with S3_BUCKET (use "auto" for Cloudflare R2, "us-east-1" for MinIO)')
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then uses the instance role)')
  }
  const credentials =
    e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined
  return {
    media: {
      kind: 's3',
      bucket: e.S3_BUCKET,
      region: e.S3_REGION ?? '',
      ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      ...(credentials ? { credentials } : {}),
    },
    problems,
  }
}

function load(): Env {
  return parseEnv(process.env)
}

/** The environment `source` describes, parsed; throws with every problem named. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new Error(`Invalid CMS environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const { media, problems } = mediaStorageOf(e)
  if (problems.length > 0) throw new Error(`Invalid CMS environment:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  const usingGoogle = Boolean(e.GOOGLE_CLIENT_ID)
  const env: Env = {
    ...e,
    // The stand-ins only when a production start may take them (the start then refuses anyway).
    MOCKS: e.MOCKS && mocksProblems(e, publicUrls(e)).length === 0,
    mocksRequested: e.MOCKS,
    isProduction: e.NODE_ENV === 'production',
    webInternalUrl: e.WEB_INTERNAL_URL ?? e.WEB_PUBLIC_URL,
    oidcIssuer: usingGoogle ? 'https://accounts.google.com' : (e.OIDC_ISSUER ?? 'http://localhost:3003'),
    oidcClientId: usingGoogle ? e.GOOGLE_CLIENT_ID! : (e.OIDC_CLIENT_ID ?? 'mentorloop-local'),
    paymentsMode: e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET ? 'razorpay' : 'sandbox',
    media,
  }
  return env
}

function publicUrls(e: { CMS_PUBLIC_URL: string; WEB_PUBLIC_URL: string }) {
  return { CMS_PUBLIC_URL: e.CMS_PUBLIC_URL, WEB_PUBLIC_URL: e.WEB_PUBLIC_URL }
}

/** Problems that make a production start unsafe; empty when the start may go on. */
export function productionProblems(env: Env): string[] {
  if (!env.isProduction) return []
  const problems: string[] = mocksProblems({ ...env, MOCKS: env.mocksRequested || env.MOCKS }, publicUrls(env))
  if (env.PAYLOAD_SECRET === DEV_PAYLOAD_SECRET) problems.push('PAYLOAD_SECRET is the development default')
  if (env.SERVICE_KEY === DEV_SERVICE_KEY) problems.push('SERVICE_KEY is the development default')
  const password = databasePassword(env.DATABASE_URL)
  if (password !== null && EXAMPLE_PASSWORDS.has(password)) problems.push('DATABASE_URL uses an example password: set a strong one')
  if (!env.MOCKS) {
    // A test run (MOCKS) is on loopback URLs by rule; a real one is reached over HTTPS from elsewhere.
    for (const [name, url] of Object.entries(publicUrls(env))) {
      if (isLoopbackUrl(url)) problems.push(`${name} is a loopback address (${url}): set the address people reach`)
      else if (!url.startsWith('https://')) problems.push(`${name} must be https:// in production (${url})`)
    }
    if (!env.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID is missing (the local OpenID issuer is for development only)')
    if (env.paymentsMode !== 'razorpay')
      problems.push('RAZORPAY_KEY_ID/RAZORPAY_KEY_SECRET are missing (the sandbox gateway is for development only)')
    else if (env.RAZORPAY_KEY_ID!.startsWith('rzp_test_') && !env.ALLOW_TEST_KEYS)
      problems.push('RAZORPAY_KEY_ID is a test key (rzp_test_…): no real money would move (ALLOW_TEST_KEYS=true for a staging copy)')
    if (!env.RAZORPAY_WEBHOOK_SECRET) problems.push('RAZORPAY_WEBHOOK_SECRET is missing')
    if (!env.SMTP_HOST && !env.EMAIL_DISABLED)
      problems.push('SMTP_HOST is missing: e-mails would be kept in the outbox, never sent (EMAIL_DISABLED=true if that is what you want)')
  }
  return problems
}

/** What a production start should say but may go on with (logged at warn, once per process). */
export function productionWarnings(env: Env): string[] {
  if (!env.isProduction) return []
  const warnings: string[] = []
  if (env.SMTP_HOST && env.SMTP_ALLOW_PLAIN)
    warnings.push('SMTP_ALLOW_PLAIN=true: e-mail may go over plain SMTP, where the password and reset links can be read on the way')
  return warnings
}

/** Passwords of our examples (docker-compose's old default, .env.example) and the classic placeholders. */
const EXAMPLE_PASSWORDS = new Set(['mentorloop', 'password', 'changeme', 'change-me', 'example'])

function databasePassword(url: string): string | null {
  try {
    const password = new URL(url).password
    return password ? decodeURIComponent(password) : null
  } catch {
    return null
  }
}

export const env: Env = load()

export function assertSafeForProduction(current: Env = env): void {
  const problems = productionProblems(current)
  if (problems.length > 0) {
    throw new Error(`Refusing to start in production:\n  - ${problems.join('\n  - ')}`)
  }
}
