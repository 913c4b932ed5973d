import { nowMs } from '@mentorloop/shared'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { BaseDatabaseAdapter } from 'payload'

/**
 * A list's total kept per process while its table has not changed (docs/decisions/217).
 *
 * Every paginated read through Payload (an admin list, a REST `find`, `payload.count`) asks the
 * adapter's `countDistinct` for the exact number of rows under its filter. At 200,000 payments that
 * count is 24-34 ms of PostgreSQL on every load of the admin's Payments list, run at the students'
 * priority (decision 216), while the rows of the page itself cost under 2 ms. Here the count is kept,
 * for every collection at once, and served again while:
 * - it was asked outside a transaction (a transaction may see its own writes; nothing is kept there);
 * - its table is one of `KEPT_COUNT_TABLES`, whose `<table>_count_version` sequence a statement
 *   trigger bumps on every insert, update, delete and truncate (migration 20261130_060000), and that
 *   version is the one the count was made under: one single-row read per load instead of the count;
 * - its filter reads that table alone (no join, no subquery) and no clock of PostgreSQL's own: the
 *   filter's text and parameters are the key, so a filter naming a time names it in its parameters
 *   (the Payments list's "an hour ago" is named to the minute for that reason);
 * - it is younger than `KEPT_MAX_MS`. The version moves when a writer's statement runs, before its
 *   commit; a count made between the two is kept under the new version without the new rows, so no
 *   count is kept longer than that.
 * Callers asking for the same count at once share one read.
 */
export const KEPT_COUNT_TABLES = [
  'users',
  'payments',
  'bookings',
  'waitlist',
  'seat_offers',
  'refund_requests',
  'sessions',
  'ratings',
  'mentor_applications',
  'discount_code_uses',
  'newsletter_subscribers',
] as const

export const countVersionSequence = (table: string) => `${table}_count_version`
export const KEPT_MAX_MS = 5_000
const KEPT_ENTRIES = 500

type Executor = { execute: (query: SQL) => Promise<{ rows: Record<string, unknown>[] }> }
type CountArgs = { column?: { name?: string }; db: unknown; joins: unknown[]; tableName: string; where?: SQL }
type Adapter = BaseDatabaseAdapter & { drizzle: unknown; countDistinct: (args: CountArgs) => Promise<number> }
type Entry = { version: string; builtAt: number; value: Promise<number> }

const dialect = new PgDialect()
const keptTables = new Set<string>(KEPT_COUNT_TABLES)
/** PostgreSQL's own clock or chance in a filter: its answer changes with no write, so it is never kept. */
const VOLATILE =
  /\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random)\s*\(|\bcurrent_(date|time|timestamp)\b|\blocal(time|timestamp)\b/i

/** The key of a count that may be kept: null when it may not (a join, a subquery, another table, a clock). */
export function keptCountKey(args: Pick<CountArgs, 'column' | 'joins' | 'tableName' | 'where'>): string | null {
  if (!keptTables.has(args.tableName) || args.joins.length > 0) return null
  if (!args.where) return `${args.tableName}|${args.column?.name ?? ''}|`
  const query = dialect.sqlToQuery(args.where)
  if (/\bselect\b/i.test(query.sql) || VOLATILE.test(query.sql)) return null
  for (const [, table] of query.sql.matchAll(/"([^"]+)"\s*\./g)) if (table !== args.tableName) return null
  return `${args.tableName}|${args.column?.name ?? ''}|${query.sql}|${JSON.stringify(query.params)}`
}

export function installKeptCounts(adapter: BaseDatabaseAdapter): void {
  const db = adapter as Adapter
  const count = db.countDistinct.bind(db)
  const kept = new Map<string, Entry>()
  db.countDistinct = async (args: CountArgs) => {
    // `db` is the adapter's own pool outside a transaction, the transaction's client inside one.
    const key = args.db === db.drizzle ? keptCountKey(args) : null
    if (key === null) return count(args)
    const { rows } = await (args.db as Executor).execute(
      sql.raw(
        `SELECT last_value::text || CASE WHEN is_called THEN '+' ELSE '' END AS version FROM "${countVersionSequence(args.tableName)}"`,
      ),
    )
    const version = String(rows[0]?.version ?? '')
    const hit = kept.get(key)
    // Its age on the one clock (a clock set back makes an entry older than it is, never younger).
    const age = hit ? nowMs() - hit.builtAt : -1
    if (hit && hit.version === version && age >= 0 && age < KEPT_MAX_MS) return hit.value
    const entry: Entry = { version, builtAt: nowMs(), value: count(args) }
    kept.delete(key)
    kept.set(key, entry)
    // The oldest kept counts go first once there are many (a key per filter, per page of a search).
    while (kept.size > KEPT_ENTRIES) kept.delete(kept.keys().next().value as string)
    entry.value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key)
    })
    return entry.value
  }
}
