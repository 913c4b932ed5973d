import { CONTENT_VERSIONS_PATH, contentVersionsSchema, createContentVersionWatcher } from '@mentorloop/shared'
import { env } from '~/utils/env.server'
import { cms } from './cms.server'
import { invalidate } from './content-cache.server'

/**
 * Every site instance keeps its own content cache; the CMS bumps a counter per content tag in
 * PostgreSQL after each change, and this instance compares them at most every
 * CONTENT_VERSION_CHECK_SECONDS (5 s by default) before it serves cached content, dropping the tags that
 * changed (docs/decisions/113-shared-state-in-postgres.md). So a change reaches every instance
 * within that bound, even one the CMS's direct call (POST /api/revalidate) did not reach. One
 * small call per instance per interval, and only while visitors are reading content.
 */
export const contentVersions = createContentVersionWatcher({
  intervalMs: env.CONTENT_VERSION_CHECK_SECONDS * 1000,
  // A slow CMS must not hold a page: after one second the cached content is served as it is.
  fetchVersions: async () => contentVersionsSchema.parse(await cms(CONTENT_VERSIONS_PATH, { timeoutMs: 1_000 })).versions,
  onChange: (tags) => {
    invalidate(tags)
  },
})

export function syncContentVersions(): Promise<void> {
  return contentVersions.sync()
}
