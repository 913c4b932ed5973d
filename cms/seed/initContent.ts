import { sql } from '@payloadcms/db-postgres/drizzle'
import type { CollectionSlug, Payload } from 'payload'
import { inTransaction, newRequest, txQuery } from '../lib/transaction'
import { defaultDocuments, defaultSiteSettings } from './defaultContent'

/**
 * `npm run content:init` (docs/decisions/057-content-init.md): the default site copy, plans, FAQ
 * and policy pages, loaded into a production database that has no content yet. All of it or
 * nothing, in one transaction; two runs at once queue on an advisory lock, and the second then
 * finds the first one's content and refuses. It creates no users (the first admin comes from
 * /admin's create-first-user screen), no mentors and no testimonials.
 */

/** Public content collections: any document in one of them (a draft too) means staff have started. */
const CONTENT_COLLECTIONS = ['plans', 'faqs', 'testimonials', 'pages', 'mentors', 'questions'] as const satisfies readonly CollectionSlug[]

/** The advisory lock's name; hashed by PostgreSQL into the lock key. */
const LOCK_NAME = 'mentorloop:content-init'

export class ContentExistsError extends Error {
  constructor(readonly found: string[]) {
    super(
      `The database already has content (${found.join(', ')}); content:init loads the defaults into an empty database only, ` +
        'so nothing was changed. Edit the content in /admin instead.',
    )
    this.name = 'ContentExistsError'
  }
}

export type InitContentReport = { created: Record<string, number> }

export async function initContent(payload: Payload): Promise<InitContentReport> {
  const req = await newRequest(payload)
  return inTransaction(req, async () => {
    await txQuery(req, sql`SELECT pg_advisory_xact_lock(hashtext(${LOCK_NAME}))`, { requireTransaction: true })

    const found: string[] = []
    for (const collection of CONTENT_COLLECTIONS) {
      const { totalDocs } = await payload.count({ collection, req, overrideAccess: true })
      if (totalDocs > 0) found.push(`${totalDocs} ${collection}`)
    }
    const { totalDocs: settingsVersions } = await payload.countGlobalVersions({ global: 'site-settings', req, overrideAccess: true })
    if (settingsVersions > 0) found.push('saved site settings')
    if (found.length > 0) throw new ContentExistsError(found)

    const created: Record<string, number> = {}
    await payload.updateGlobal({ slug: 'site-settings', data: defaultSiteSettings() as never, req, overrideAccess: true, depth: 0 })
    created['site-settings'] = 1
    for (const doc of defaultDocuments()) {
      await payload.create({ collection: doc.collection, data: doc.data as never, req, overrideAccess: true, depth: 0 })
      created[doc.collection] = (created[doc.collection] ?? 0) + 1
    }
    return { created }
  })
}
