import { REVALIDATE_PATH, REVALIDATE_SIGNATURE_HEADER, type RevalidateTag, signRevalidation } from '@mentorloop/shared/revalidation'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, Payload } from 'payload'
import { env } from './env'

/**
 * Tells the site(s) that public content changed, so their content caches drop it (docs/design.md
 * §7). `afterChange` runs before the transaction commits, and Payload has no after-commit hook:
 * the call goes out a moment later, and once more after two seconds for a slow commit, so the
 * site never re-caches the old row. Fire and forget: a site that is down simply has nothing
 * cached, and the cache's TTL is the safety net.
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
