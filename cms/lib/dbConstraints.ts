import { sql } from '@payloadcms/db-postgres/drizzle'
import { uniqueIndex } from '@payloadcms/db-postgres/drizzle/pg-core'
import type { PostgresSchemaHook } from '@payloadcms/drizzle/postgres'

/**
 * Rules the database itself enforces, so no code path (an endpoint, a hook, the admin panel, a
 * race between two requests) can break them:
 * - a student holds at most one confirmed seat per batch;
 * - a student waits at most once per mentor;
 * - a student is offered a batch's seat at most once;
 * - a mentor has at most one open batch;
 * - a payment pays for at most one seat;
 * - one open mentor application (submitted or under review) per e-mail.
 * The seat limit (confirmed bookings + held offers <= capacity, per batch) and "one seat per
 * student in open batches" are triggers, in hand-written migrations.
 */
export const addBusinessConstraints: PostgresSchemaHook = ({ schema, extendTable }) => {
  extendTable({
    table: schema.tables.bookings,
    extraConfig: (t) => ({
      oneConfirmedSeatPerUserAndBatch: uniqueIndex('bookings_one_confirmed_per_user_batch')
        .on(t.user, t.batch)
        .where(sql`status = 'confirmed'`),
      // A payment pays for one seat (docs/decisions/069).
      onePaymentOneSeat: uniqueIndex('bookings_one_per_payment').on(t.payment).where(sql`status IN ('confirmed', 'completed')`),
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
  extendTable({
    table: schema.tables.seat_offers,
    extraConfig: (t) => ({ oneOfferPerUserAndBatch: uniqueIndex('seat_offers_one_per_user_batch').on(t.batch, t.user) }),
  })
  extendTable({
    table: schema.tables.batches,
    extraConfig: (t) => ({ oneOpenBatchPerMentor: uniqueIndex('batches_one_open_per_mentor').on(t.mentor).where(sql`status = 'open'`) }),
  })
  extendTable({
    table: schema.tables.mentor_applications,
    extraConfig: (t) => ({
      oneOpenApplicationPerEmail: uniqueIndex('mentor_applications_one_open_per_email')
        .on(t.email)
        .where(sql`status IN ('submitted', 'under-review')`),
    }),
  })
  return schema
}
