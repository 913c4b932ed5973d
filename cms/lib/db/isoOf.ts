import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'

/** A timestamp column as Payload returns it: ISO 8601 in UTC with milliseconds (`2026-12-05T04:30:00.000Z`). */
export const isoOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
