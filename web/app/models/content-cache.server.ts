/**
 * The site's cache of public CMS content (docs/design.md §7): the landing page must not call the
 * CMS on every request. Each entry is served while fresh; once stale it is still served while one
 * background refresh runs (stale-while-revalidate), so a visitor never waits on the CMS after the
 * first load. The CMS calls `POST /api/revalidate` (signed) when staff change content, which
 * drops the entries with those tags, so a change shows on the next request.
 *
 * Per process, in memory: with several site servers each keeps its own copy; the CMS signals
 * each of them (WEB_INTERNAL_URL may list several, comma-separated), and each compares the CMS's
 * content versions every few seconds (content-versions.server.ts), so none misses a change.
 */
type Entry<T> = {
  value?: { data: T; fetchedAt: number }
  pending?: Promise<T>
  tags: readonly string[]
  group?: string
  /** Bumped by invalidation, so a fetch that started before it never stores old content. */
  generation: number
}

const entries = new Map<string, Entry<unknown>>()
let generation = 0

export type CacheOptions = {
  /** How long an entry counts as fresh. */
  ttlMs: number
  /** What content it holds: `invalidate(['faqs'])` drops every entry tagged `faqs`. */
  tags: readonly string[]
  /**
   * Entries whose keys come from visitors' input (the directory's filters) share a group of at most
   * `max` entries: a new one drops the group's oldest, so any number of distinct URLs keeps memory bounded.
   */
  group?: { name: string; max: number }
}

function refresh<T>(key: string, entry: Entry<T>, load: () => Promise<T>): Promise<T> {
  if (entry.pending) return entry.pending
  const startedAt = entry.generation
  const pending = load().then(
    (data) => {
      if (entries.get(key) === entry && entry.generation === startedAt) {
        entry.value = { data, fetchedAt: Date.now() }
      }
      if (entry.pending === pending) entry.pending = undefined
      return data
    },
    (error: unknown) => {
      if (entry.pending === pending) entry.pending = undefined
      throw error
    },
  )
  entry.pending = pending
  return pending
}

export async function cached<T>(key: string, opts: CacheOptions, load: () => Promise<T>): Promise<T> {
  let entry = entries.get(key) as Entry<T> | undefined
  if (!entry) {
    if (opts.group) evictOldest(opts.group.name, opts.group.max - 1)
    entry = { tags: opts.tags, group: opts.group?.name, generation }
    entries.set(key, entry as Entry<unknown>)
  }
  const value = entry.value
  if (value) {
    if (Date.now() - value.fetchedAt >= opts.ttlMs) {
      // Serve the stale copy now; a failed refresh keeps it (the CMS being down is not the visitor's problem).
      refresh(key, entry, load).catch(() => {})
    }
    return value.data
  }
  return refresh(key, entry, load)
}

/** Keeps at most `keep` entries of the group, dropping the oldest (a Map iterates in insertion order). */
function evictOldest(group: string, keep: number) {
  const members = [...entries].filter(([, e]) => e.group === group)
  for (const [key, entry] of members.slice(0, Math.max(0, members.length - keep))) {
    entries.delete(key)
    entry.generation = -1
  }
}

/** Bumped by every invalidation: whatever was built from older content is out of date. */
export function contentGeneration(): number {
  return generation
}

/** Drops every entry carrying one of the tags; returns how many were dropped. */
export function invalidate(tags: readonly string[]): number {
  let dropped = 0
  generation++
  for (const [key, entry] of entries) {
    if (entry.tags.some((t) => tags.includes(t))) {
      entries.delete(key)
      entry.generation = -1
      dropped++
    }
  }
  return dropped
}

/** Tests only. */
export function clearContentCache() {
  entries.clear()
}
