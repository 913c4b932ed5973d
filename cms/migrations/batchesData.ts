import { sql } from '@payloadcms/db-postgres'

type Db = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }

/**
 * Part of migration 20261123_164613_batches (hand-written; docs/decisions/045-batches-in-time.md).
 *
 * Existing data: every mentor gets a first batch, the next calendar month in India time, open, at
 * the mentor's capacity; their bookings and sessions move into it. Then seats are counted per
 * batch: the seat-limit trigger counts confirmed bookings plus held offers of the batch under the
 * batch row's lock, capacity cannot drop below them, and a student holds one confirmed seat in
 * open batches at most (a unique index over a flag the triggers keep: `open_period`).
 */
export async function moveSeatsIntoBatches(db: Db): Promise<void> {
  await db.execute(sql`
INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status, updated_at, created_at)
SELECT m.id,
       to_char(x.first_day, 'FMMonth YYYY'),
       x.first_day AT TIME ZONE 'Asia/Kolkata',
       (x.first_day + interval '1 month' - interval '1 day') AT TIME ZONE 'Asia/Kolkata',
       m.capacity, 'open', now(), now()
  FROM mentors m,
       (SELECT date_trunc('month', now() AT TIME ZONE 'Asia/Kolkata') + interval '1 month' AS first_day) x;

UPDATE bookings bk SET batch_id = b.id FROM batches b WHERE b.mentor_id = bk.mentor_id AND bk.batch_id IS NULL;
UPDATE sessions s SET batch_id = b.id FROM batches b WHERE b.mentor_id = s.mentor_id AND s.batch_id IS NULL;
ALTER TABLE bookings ALTER COLUMN batch_id SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN batch_id SET NOT NULL;

DROP TRIGGER IF EXISTS bookings_mentor_capacity ON bookings;
DROP FUNCTION IF EXISTS enforce_mentor_capacity();
DROP TRIGGER IF EXISTS mentors_capacity_not_below_taken ON mentors;
DROP FUNCTION IF EXISTS enforce_capacity_not_below_taken();

ALTER TABLE batches ADD CONSTRAINT batches_capacity_positive CHECK (capacity IS NULL OR capacity >= 1);
ALTER TABLE batches ADD CONSTRAINT batches_dates_in_order CHECK (ends_on >= starts_on);

ALTER TABLE bookings ADD COLUMN open_period boolean NOT NULL DEFAULT false;
UPDATE bookings bk SET open_period = true FROM batches b WHERE b.id = bk.batch_id AND b.status = 'open';
CREATE UNIQUE INDEX bookings_one_seat_per_period ON bookings (user_id) WHERE status = 'confirmed' AND open_period;

CREATE OR REPLACE FUNCTION batch_seats_taken(batch integer, except_booking integer, except_offer integer) RETURNS integer AS $$
  SELECT ((SELECT count(*) FROM bookings WHERE batch_id = batch AND status = 'confirmed' AND id <> except_booking)
        + (SELECT count(*) FROM seat_offers WHERE batch_id = batch AND status = 'held' AND id <> except_offer))::integer
$$ LANGUAGE sql STABLE;

CREATE OR REPLACE FUNCTION enforce_batch_capacity() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;

CREATE TRIGGER bookings_batch_capacity
  BEFORE INSERT OR UPDATE OF status, batch_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION enforce_batch_capacity();

CREATE TRIGGER seat_offers_batch_capacity
  BEFORE INSERT OR UPDATE OF status, batch_id ON seat_offers
  FOR EACH ROW EXECUTE FUNCTION enforce_batch_capacity();

CREATE OR REPLACE FUNCTION batch_capacity_and_period() RETURNS trigger AS $$
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
$$ LANGUAGE plpgsql;

CREATE TRIGGER batches_capacity_and_period
  BEFORE UPDATE OF capacity, status ON batches
  FOR EACH ROW EXECUTE FUNCTION batch_capacity_and_period();
`)
}

/** The way back: the mentor-level seat limit of 20261122_125625_seat_limit. */
export async function restoreMentorSeats(db: Db): Promise<void> {
  await db.execute(sql`
DROP TRIGGER IF EXISTS batches_capacity_and_period ON batches;
DROP FUNCTION IF EXISTS batch_capacity_and_period();
DROP TRIGGER IF EXISTS seat_offers_batch_capacity ON seat_offers;
DROP TRIGGER IF EXISTS bookings_batch_capacity ON bookings;
DROP FUNCTION IF EXISTS enforce_batch_capacity();
DROP FUNCTION IF EXISTS batch_seats_taken(integer, integer, integer);
DROP INDEX IF EXISTS bookings_one_seat_per_period;
ALTER TABLE bookings DROP COLUMN IF EXISTS open_period;

CREATE OR REPLACE FUNCTION enforce_mentor_capacity() RETURNS trigger AS $$
DECLARE
  cap numeric;
  taken integer;
BEGIN
  IF NEW.status <> 'confirmed' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = 'confirmed' AND OLD.mentor_id = NEW.mentor_id THEN
    RETURN NEW;
  END IF;
  SELECT capacity INTO cap FROM mentors WHERE id = NEW.mentor_id FOR UPDATE;
  SELECT count(*) INTO taken FROM bookings WHERE mentor_id = NEW.mentor_id AND status = 'confirmed' AND id <> NEW.id;
  IF taken >= cap THEN
    RAISE EXCEPTION 'mentor % is full: % of % seats taken', NEW.mentor_id, taken, cap
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_mentor_capacity';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER bookings_mentor_capacity
  BEFORE INSERT OR UPDATE OF status, mentor_id ON bookings
  FOR EACH ROW EXECUTE FUNCTION enforce_mentor_capacity();

CREATE OR REPLACE FUNCTION enforce_capacity_not_below_taken() RETURNS trigger AS $$
DECLARE
  taken integer;
BEGIN
  SELECT count(*) INTO taken FROM bookings WHERE mentor_id = NEW.id AND status = 'confirmed';
  IF NEW.capacity < taken THEN
    RAISE EXCEPTION 'capacity % is below the % seats already taken', NEW.capacity, taken
      USING ERRCODE = 'check_violation', CONSTRAINT = 'mentors_capacity_not_below_taken';
  END IF;
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER mentors_capacity_not_below_taken
  BEFORE UPDATE OF capacity ON mentors
  FOR EACH ROW WHEN (NEW.capacity < OLD.capacity)
  EXECUTE FUNCTION enforce_capacity_not_below_taken();
`)
}
