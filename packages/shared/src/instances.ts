import { z } from 'zod'
import { nowMs } from './clock'

/**
 * What several site and CMS instances share through the CMS (docs/decisions/113-shared-state-in-postgres.md).
 * The site holds no database connection: its sign-in limits and the one-time use of a sign-in
 * transaction are decided by the CMS in PostgreSQL (`POST /api/sign-in-guard`, service key), and
 * every site instance compares the CMS's content versions (`GET /api/content-versions`) at most
 * every CONTENT_VERSION_CHECK_MS, so a change whose push it missed still reaches it.
 */
export const SIGN_IN_GUARD_PATH = '/sign-in-guard'
export const CONTENT_VERSIONS_PATH = '/content-versions'

/** The limits the site asks the CMS to count (windows and maxima live in the CMS). */
export const SITE_LIMITS = [
  'signInStartByIp',
  'signInStartByAccount',
  'signInCallbackByIp',
  'newsletterByIp',
  'mentorApplicationByIp',
] as const
export type SiteLimit = (typeof SITE_LIMITS)[number]

export const signInGuardRequestSchema = z.object({
  /** Each counts one attempt; all are counted, and the answer is a refusal if any is over. */
  hits: z
    .array(z.object({ limit: z.enum(SITE_LIMITS), key: z.string().min(1).max(300) }))
    .max(4)
    .default([]),
  /** A key that may be used once (a sign-in transaction's id), until `expiresAt` (epoch ms). */
  once: z.object({ key: z.string().min(16).max(300), expiresAt: z.number().int().positive() }).optional(),
})
export type SignInGuardRequest = z.input<typeof signInGuardRequestSchema>

/** 200: every hit counted within its limit and the key, if any, was unused until now. */
export type SignInGuardResponse = { ok: true }

export const contentVersionsSchema = z.object({ versions: z.record(z.string(), z.number().int()) })
export type ContentVersions = z.infer<typeof contentVersionsSchema>['versions']

/** How often, at most, a site instance asks for the content versions: the bound on a missed push. */
export const CONTENT_VERSION_CHECK_MS = 5_000

export type ContentVersionWatcher = {
  /**
   * Resolves once the versions are known to be at most `intervalMs` old: asks the CMS when the
   * last answer is older (one call at a time per instance), and drops the tags that changed.
   * A CMS that does not answer changes nothing (the last versions stay; the TTL still applies).
   */
  sync(): Promise<void>
}

export function createContentVersionWatcher(opts: {
  fetchVersions: () => Promise<ContentVersions>
  onChange: (tags: string[]) => void
  intervalMs?: number
  now?: () => number
}): ContentVersionWatcher {
  const interval = opts.intervalMs ?? CONTENT_VERSION_CHECK_MS
  const clock = opts.now ?? nowMs
  let known: ContentVersions | null = null
  let checkedAt = Number.NEGATIVE_INFINITY
  let pending: Promise<void> | null = null

  let missedFirst = false

  async function check() {
    const startedAt = clock()
    let versions: ContentVersions
    try {
      versions = await opts.fetchVersions()
    } catch (error) {
      // Asked again after the interval, not on every request meanwhile (a hanging CMS costs one
      // request per interval its timeout, not every request).
      checkedAt = startedAt
      if (!known) missedFirst = true
      throw error
    }
    checkedAt = startedAt
    if (known) {
      const changed = Object.keys({ ...known, ...versions }).filter((tag) => known?.[tag] !== versions[tag])
      if (changed.length) opts.onChange(changed)
    } else if (missedFirst) {
      // Content may have been cached while the versions were unknown: it is dropped once.
      opts.onChange(Object.keys(versions))
    }
    // Otherwise the first answer only sets the baseline: the cache was empty before it.
    known = versions
  }

  return {
    sync() {
      if (clock() - checkedAt < interval) return Promise.resolve()
      pending ??= check()
        .catch(() => {})
        .finally(() => {
          pending = null
        })
      return pending
    },
  }
}
