import { sql } from '@payloadcms/db-postgres/drizzle'
import { uniqueIndex } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PostgresSchemaHook } from '@payloadcms/drizzle/postgres'

/**
 * Rules the database itself enforces, so no code path (an endpoint, a hook, the admin panel, a
 * race between two requests) can break them:
 * - a student holds at most one confirmed booking;
 * - a student waits at most once per mentor.
 * The seat limit (confirmed bookings <= capacity) is a trigger, in a hand-written migration.
 */
export const addBusinessConstraints: PostgresSchemaHook = ({ schema, extendTable }) => {
  extendTable({
    table: schema.tables.bookings,
    extraConfig: (t) => ({
      oneConfirmedBookingPerUser: uniqueIndex('bookings_one_confirmed_per_user').on(t.user).where(sql`status = 'confirmed'`),
    }),
  })
  extendTable({
    table: schema.tables.waitlist,
    extraConfig: (t) => ({
      oneWaitingEntryPerUserAndMentor: uniqueIndex('waitlist_one_waiting_per_user_mentor')
        .on(t.user, t.mentor)
        .where(sql`status = 'waiting'`),
    }),
  })
  return schema
}
