import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { listAllMentorCards } from './mentorCards'

/**
 * Every published mentor's card, as the JSON of GET /api/mentors/availability, kept per process
 * and checked on each call against the cards' version (docs/decisions/121-mentor-cards-version.md):
 * a trigger bumps a sequence whenever a table a card is read from changes, so a booking, a held
 * seat, a capacity or profile change shows on the next call, on every CMS instance. One small read
 * per call instead of the cards' query and 180 KB of serialising at 500 mentors; the calls that find
 * the list out of date at once share one rebuild.
 *
 * The version moves when a writer's statement runs, before its commit: a read that falls between
 * the two stores the cards as they were under the new version. `MAX_AGE_MS` bounds that: an entry
 * is rebuilt after it at the latest (the answer's shared-cache lifetime is longer: s-maxage=5).
 */
const MAX_AGE_MS = 2_000

let entry: { version: string; builtAt: number; body: string } | null = null
/** The rebuild under way, which the calls that need the same version wait for instead of building again. */
let building: { version: string; body: Promise<string> } | null = null

/** The list's JSON text. Inside a transaction (which may see its own uncommitted writes) it is built fresh and not kept. */
export async function allMentorCardsJson(req: PayloadRequest): Promise<string> {
  if ((await req.transactionID) !== undefined) return build(req)
  const [row] = await txQuery<{ version: string }>(
    req,
    sql`SELECT last_value::text || CASE WHEN is_called THEN '+' ELSE '' END AS version FROM mentor_cards_version`,
  )
  const version = row?.version ?? ''
  const age = performance.now() - (entry?.builtAt ?? Number.NEGATIVE_INFINITY)
  if (entry && entry.version === version && age < MAX_AGE_MS) return entry.body
  if (building?.version === version) return building.body
  const builtAt = performance.now()
  const body = build(req).then((text) => {
    entry = { version, builtAt, body: text }
    return text
  })
  const current = { version, body }
  building = current
  try {
    return await body
  } finally {
    if (building === current) building = null
  }
}

async function build(req: PayloadRequest): Promise<string> {
  const mentors = await listAllMentorCards(req)
  return JSON.stringify({ docs: mentors, totalDocs: mentors.length })
}
