import { sql } from '@payloadcms/db-postgres'

type Db = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }

/**
 * Part of migration 20261126_023347_plan_pays_for_one_batch (hand-written; docs/decisions/069).
 *
 * Existing data: each confirmed or completed booking, oldest first, names the completed mentorship
 * payment that was needed to take it (045's rule: one running when it was booked, or, for a
 * continuing seat in a batch not yet started, one covering the batch's first day), one booking per
 * payment, and that payment now pays for that batch (its dates become the batch's). A completed
 * mentorship payment that pays for no seat and whose window has not ended becomes a credit, usable
 * until the end of next month; one whose window ended is closed (never refunded by the credit
 * sweep). Then a student's seats are counted per month (`period_month`: the month of the batch's
 * middle day, kept by the seat trigger; a batch of 1–28 Nov and one of 29 Nov – 28 Dec are November
 * and December) instead of "in an open batch"; a student who already holds two seats in one month (the bug this
 * fixes) keeps both, the later one left out of the new unique index.
 */
export async function planPaysForOneBatch(db: Db): Promise<void> {
  await db.execute(sql`
DO $$
DECLARE
  b record;
  pid integer;
BEGIN
  FOR b IN
    SELECT bk.id, bk.user_id, bk.batch_id, bt.starts_on, bt.ends_on,
           CASE WHEN bk.source = 'continuing' AND bt.starts_on > bk.created_at THEN bt.starts_on ELSE bk.created_at END AS needed
      FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
     WHERE bk.status IN ('confirmed', 'completed') AND bk.payment_id IS NULL
     ORDER BY bk.id
  LOOP
    SELECT p.id INTO pid FROM payments p JOIN plans pl ON pl.id = p.plan_id
     WHERE p.user_id = b.user_id AND p.status = 'completed' AND pl.product = 'mentorship' AND p.batch_id IS NULL
       AND p.subscription_starts <= b.needed AND p.subscription_ends > b.needed
     ORDER BY p.id LIMIT 1;
    IF pid IS NOT NULL THEN
      UPDATE bookings SET payment_id = pid WHERE id = b.id;
      UPDATE payments SET batch_id = b.batch_id, subscription_starts = b.starts_on, subscription_ends = b.ends_on + interval '24 hours'
       WHERE id = pid;
    END IF;
  END LOOP;
END $$;

UPDATE payments p SET credit_ended_at = p.subscription_ends
  FROM plans pl
 WHERE pl.id = p.plan_id AND pl.product = 'mentorship' AND p.status = 'completed' AND p.batch_id IS NULL
   AND p.subscription_ends <= now();

UPDATE payments p
   SET subscription_ends = GREATEST(p.subscription_ends,
         (date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') + interval '2 months') AT TIME ZONE 'Asia/Kolkata')
  FROM plans pl
 WHERE pl.id = p.plan_id AND pl.product = 'mentorship' AND p.status = 'completed' AND p.batch_id IS NULL
   AND p.subscription_ends > now();

CREATE OR REPLACE FUNCTION batch_period_month(starts timestamptz, ends timestamptz) RETURNS integer AS $f$
  SELECT (extract(year FROM (starts + (ends - starts) / 2) AT TIME ZONE 'Asia/Kolkata') * 100
        + extract(month FROM (starts + (ends - starts) / 2) AT TIME ZONE 'Asia/Kolkata'))::integer
$f$ LANGUAGE sql STABLE;

ALTER TABLE bookings ADD COLUMN period_month integer;
UPDATE bookings bk SET period_month = batch_period_month(bt.starts_on, bt.ends_on) FROM batches bt WHERE bt.id = bk.batch_id;
UPDATE bookings bk SET period_month = NULL
 WHERE bk.status = 'confirmed' AND EXISTS (
   SELECT 1 FROM bookings o WHERE o.user_id = bk.user_id AND o.status = 'confirmed' AND o.period_month = bk.period_month AND o.id < bk.id);
DROP INDEX IF EXISTS bookings_one_seat_per_period;
ALTER TABLE bookings DROP COLUMN open_period;
CREATE UNIQUE INDEX bookings_one_seat_per_period ON bookings (user_id, period_month) WHERE status = 'confirmed';

CREATE OR REPLACE FUNCTION enforce_batch_capacity() RETURNS trigger AS $f$
DECLARE
  cap numeric;
  starts timestamptz;
  ends timestamptz;
BEGIN
  SELECT COALESCE(b.capacity, m.capacity), b.starts_on, b.ends_on INTO cap, starts, ends
    FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE b.id = NEW.batch_id FOR UPDATE OF b;
  IF TG_TABLE_NAME = 'bookings' THEN
    NEW.period_month := batch_period_month(starts, ends);
    IF NEW.status <> 'confirmed' THEN
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND OLD.batch_id = NEW.batch_id THEN
      RETURN NEW;
    END IF;
    IF batch_seats_taken(NEW.batch_id, NEW.id, 0) >= cap THEN
      RAISE EXCEPTION 'batch % is full: % seats', NEW.batch_id, cap
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_batch_capacity';
    END IF;
  ELSE
    IF NEW.status <> 'held' OR (TG_OP = 'UPDATE' AND OLD.status = 'held') THEN
      RETURN NEW;
    END IF;
    IF batch_seats_taken(NEW.batch_id, 0, NEW.id) >= cap THEN
      RAISE EXCEPTION 'batch % is full: % seats', NEW.batch_id, cap
        USING ERRCODE = 'check_violation', CONSTRAINT = 'seat_offers_batch_capacity';
    END IF;
  END IF;
  RETURN NEW;
END
$f$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION batch_capacity_and_period() RETURNS trigger AS $f$
DECLARE
  taken integer;
  cap numeric;
BEGIN
  IF NEW.capacity IS DISTINCT FROM OLD.capacity THEN
    SELECT COALESCE(NEW.capacity, m.capacity) INTO cap FROM mentors m WHERE m.id = NEW.mentor_id;
    taken := batch_seats_taken(NEW.id, 0, 0);
    IF cap < taken THEN
      RAISE EXCEPTION 'capacity % is below the % seats already taken or held', cap, taken
        USING ERRCODE = 'check_violation', CONSTRAINT = 'batches_capacity_not_below_taken';
    END IF;
  END IF;
  IF NEW.starts_on IS DISTINCT FROM OLD.starts_on OR NEW.ends_on IS DISTINCT FROM OLD.ends_on THEN
    UPDATE bookings SET period_month = batch_period_month(NEW.starts_on, NEW.ends_on) WHERE batch_id = NEW.id;
  END IF;
  RETURN NEW;
END
$f$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS batches_capacity_and_period ON batches;
CREATE TRIGGER batches_capacity_and_period
  BEFORE UPDATE OF capacity, status, starts_on, ends_on ON batches
  FOR EACH ROW EXECUTE FUNCTION batch_capacity_and_period();

CREATE INDEX IF NOT EXISTS email_outbox_pending ON email_outbox (priority, id) WHERE status IN ('queued', 'sending');
CREATE INDEX IF NOT EXISTS payments_credits ON payments (user_id, id) WHERE status = 'completed' AND batch_id IS NULL AND credit_ended_at IS NULL;
`)
}

/** The way back: seats counted "in an open batch" again (045's seat trigger); plans keep the dates they have. */
export async function backToPlanWindows(db: Db): Promise<void> {
  await db.execute(sql`
DROP INDEX IF EXISTS email_outbox_pending;
DROP INDEX IF EXISTS payments_credits;
DROP INDEX IF EXISTS bookings_one_seat_per_period;
ALTER TABLE bookings ADD COLUMN open_period boolean NOT NULL DEFAULT false;
UPDATE bookings bk SET open_period = true FROM batches b WHERE b.id = bk.batch_id AND b.status = 'open';
ALTER TABLE bookings DROP COLUMN period_month;
CREATE UNIQUE INDEX bookings_one_seat_per_period ON bookings (user_id) WHERE status = 'confirmed' AND open_period;

CREATE OR REPLACE FUNCTION enforce_batch_capacity() RETURNS trigger AS $f$
DECLARE
  cap numeric;
  st text;
BEGIN
  SELECT COALESCE(b.capacity, m.capacity), b.status INTO cap, st
    FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE b.id = NEW.batch_id FOR UPDATE OF b;
  IF TG_TABLE_NAME = 'bookings' THEN
    NEW.open_period := (st = 'open');
    IF NEW.status <> 'confirmed' THEN
      RETURN NEW;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND OLD.batch_id = NEW.batch_id THEN
      RETURN NEW;
    END IF;
    IF batch_seats_taken(NEW.batch_id, NEW.id, 0) >= cap THEN
      RAISE EXCEPTION 'batch % is full: % seats', NEW.batch_id, cap
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_batch_capacity';
    END IF;
  ELSE
    IF NEW.status <> 'held' OR (TG_OP = 'UPDATE' AND OLD.status = 'held') THEN
      RETURN NEW;
    END IF;
    IF batch_seats_taken(NEW.batch_id, 0, NEW.id) >= cap THEN
      RAISE EXCEPTION 'batch % is full: % seats', NEW.batch_id, cap
        USING ERRCODE = 'check_violation', CONSTRAINT = 'seat_offers_batch_capacity';
    END IF;
  END IF;
  RETURN NEW;
END
$f$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION batch_capacity_and_period() RETURNS trigger AS $f$
DECLARE
  taken integer;
  cap numeric;
BEGIN
  IF NEW.capacity IS DISTINCT FROM OLD.capacity THEN
    SELECT COALESCE(NEW.capacity, m.capacity) INTO cap FROM mentors m WHERE m.id = NEW.mentor_id;
    taken := batch_seats_taken(NEW.id, 0, 0);
    IF cap < taken THEN
      RAISE EXCEPTION 'capacity % is below the % seats already taken or held', cap, taken
        USING ERRCODE = 'check_violation', CONSTRAINT = 'batches_capacity_not_below_taken';
    END IF;
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE bookings SET open_period = (NEW.status = 'open') WHERE batch_id = NEW.id AND open_period IS DISTINCT FROM (NEW.status = 'open');
  END IF;
  RETURN NEW;
END
$f$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS batches_capacity_and_period ON batches;
CREATE TRIGGER batches_capacity_and_period
  BEFORE UPDATE OF capacity, status ON batches
  FOR EACH ROW EXECUTE FUNCTION batch_capacity_and_period();
DROP FUNCTION IF EXISTS batch_period_month(timestamptz, timestamptz);
`)
}
