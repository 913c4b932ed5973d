import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'
import { pages } from '../seed/content/pages'
import { lexicalFromSections } from '../seed/lexical'

/**
 * The policy pages state the product's rules (docs/decisions/180-policies-from-the-rules.md).
 * content:init and the seed only create missing pages, so a database seeded earlier keeps the old
 * Terms, Cancellation, Privacy and Cookies text, which promised rules the product does not have
 * (per-session refunds, cancellation fees, "non-refundable", local storage). A published page that
 * still carries one of those old sentences is replaced with the new text, and the replacement is
 * recorded as the page's latest version, so the page's history in /admin keeps what was there
 * (staff who had changed other words on it restore them from that history). A page without any
 * of them (rewritten by staff already, or never seeded) is left alone. Data only: expand-safe,
 * and the old code reads the same columns.
 */
const OLD_SENTENCES = [
  'non-refundable',
  'cannot be cancelled once it has been paid for',
  'incur a cancellation fee',
  'full refund for that session',
  'processed within 5-10 business days',
  'the name and e-mail address of the students who booked them',
  'essential cookies and local storage',
  'clear local storage',
  'per month',
] as const

const REPLACED = ['terms', 'cancellation', 'privacy', 'cookies'] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  let changed = 0
  for (const slug of REPLACED) {
    const page = pages.find((p) => p.slug === slug)
    if (!page) continue
    const content = JSON.stringify(lexicalFromSections(page.sections))
    const old = sql.join(
      OLD_SENTENCES.map((s) => sql`p.content::text ILIKE ${`%${s}%`}`),
      sql` OR `,
    )
    const result = await db.execute(sql`
      WITH target AS (
        SELECT p.id FROM pages p WHERE p.slug = ${slug} AND p._status = 'published' AND (${old}) FOR UPDATE
      ), updated AS (
        UPDATE pages SET title = ${page.title}, summary = ${page.summary}, content = ${content}::jsonb, updated_at = now()
         WHERE id IN (SELECT id FROM target)
        RETURNING id, title, slug, summary, content, updated_at, created_at
      ), unlatest AS (
        UPDATE _pages_v SET latest = false WHERE parent_id IN (SELECT id FROM updated) AND latest
      )
      INSERT INTO _pages_v (parent_id, version_title, version_slug, version_summary, version_content, version_updated_at,
                            version_created_at, version__status, created_at, updated_at, latest)
      SELECT id, title, slug, summary, content, updated_at, created_at, 'published', now(), now(), true FROM updated
      RETURNING parent_id`)
    changed += (result as { rows?: unknown[] }).rows?.length ?? 0
  }
  if (changed > 0) {
    // Every site instance drops its cached pages within seconds (lib/contentVersions.ts).
    await db.execute(sql`
      INSERT INTO content_versions (tag, version, changed_at) VALUES ('pages', 1, now())
      ON CONFLICT (tag) DO UPDATE SET version = content_versions.version + 1, changed_at = EXCLUDED.changed_at`)
  }
}

/** The old text is in each page's history; nothing to undo in the schema. */
export async function down(_args: MigrateDownArgs): Promise<void> {}
