import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER, type RevalidateTag, signRevalidation } from '@mentorloop/shared/revalidation'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, Payload } from 'payload'
import { bumpContentVersions } from './contentVersions'
import { env } from './env'

/**
 * Tells every site instance that public content changed, so their content caches drop it
 * (docs/design.md §7, docs/decisions/113-shared-state-in-postgres.md). Two ways, after the change:
 * - the tags' counters in PostgreSQL are bumped (content_versions); every site instance compares
 *   them at most every 5 s (CONTENT_VERSION_CHECK_MS), so a change reaches all of them within
 *   that bound even when a direct call below is lost, and whatever the instance count;
 * - each site URL in WEB_INTERNAL_URL (comma-separated: every instance, or the load balancer
 *   when the instances poll) gets a signed call at once, so the usual delay is under a second.
 * `afterChange` runs before the transaction commits, and Payload has no after-commit hook: both
 * go out a moment later, and once more after two seconds for a slow commit, so no site re-caches
 * the old row under the new version. Fire and forget: a site that is down has nothing cached.
 */
const DELAYS_MS = [300, 2_000]

function siteUrls(): string[] {
  return env.webInternalUrl
    .split(',')
    .map((u) => u.trim().replace(/\/$/, ''))
    .filter(Boolean)
}

/** Scheduled calls (timer -> send now) and calls on the wire, so tests can settle them. */
const scheduled = new Map<ReturnType<typeof setTimeout>, () => void>()
const inFlight = new Set<Promise<void>>()

function send(payload: Payload, tags: RevalidateTag[], body: string): void {
  const bump = bumpContentVersions(payload, tags)
    .catch((error: unknown) => {
      payload.logger.warn({ msg: 'Content version bump failed', tags, err: (error as Error).message })
    })
    .finally(() => inFlight.delete(bump))
  inFlight.add(bump)
  for (const url of siteUrls()) {
    const call = fetch(`${url}${REVALIDATE_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [REVALIDATE_SIGNATURE_HEADER]: signRevalidation(env.SERVICE_KEY, body) },
      body,
      signal: AbortSignal.timeout(3_000),
    })
      .then((res) => {
        if (!res.ok) payload.logger.warn({ msg: 'Site revalidation refused', url, status: res.status, tags })
      })
      .catch((error: unknown) => {
        payload.logger.warn({ msg: 'Site revalidation failed', url, tags, err: (error as Error).message })
      })
      .finally(() => inFlight.delete(call))
    inFlight.add(call)
  }
}

export function revalidateSite(payload: Payload, tags: RevalidateTag[]): void {
  // Integration tests run without a site; REVALIDATE_SITE=true opts in.
  if (env.NODE_ENV === 'test' && process.env.REVALIDATE_SITE !== 'true') return
  const body = JSON.stringify({ tags })
  for (const delay of DELAYS_MS) {
    const run = () => {
      scheduled.delete(timer)
      send(payload, tags, body)
    }
    const timer = setTimeout(run, delay)
    timer.unref?.()
    scheduled.set(timer, run)
  }
}

/**
 * Sends every scheduled call now and resolves once every call has been answered or has failed:
 * tests assert on what reached the site without waiting out the delays. Call it only after the
 * change has committed (the delays exist for the commit).
 */
export async function flushRevalidations(): Promise<void> {
  for (const [timer, run] of scheduled) {
    clearTimeout(timer)
    run()
  }
  while (inFlight.size > 0) await Promise.allSettled(inFlight)
}

/** A draft saved over a draft changes nothing visitors see. */
function changesPublished(doc: { _status?: string | null } | undefined, previous: { _status?: string | null } | undefined) {
  return !(doc?._status === 'draft' && previous?._status !== 'published')
}

export function revalidateAfterChange(...tags: RevalidateTag[]): CollectionAfterChangeHook {
  return ({ doc, previousDoc, req }) => {
    if (changesPublished(doc, previousDoc)) revalidateSite(req.payload, tags)
    return doc
  }
}

export function revalidateAfterDelete(...tags: RevalidateTag[]): CollectionAfterDeleteHook {
  return ({ doc, req }) => {
    revalidateSite(req.payload, tags)
    return doc
  }
}

export function revalidateGlobalAfterChange(...tags: RevalidateTag[]): GlobalAfterChangeHook {
  return ({ doc, previousDoc, req }) => {
    if (changesPublished(doc, previousDoc)) revalidateSite(req.payload, tags)
    return doc
  }
}
