import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * The seat limit, enforced by PostgreSQL itself: a booking can only become `confirmed` while the
 * mentor's confirmed bookings are below `capacity`, and capacity cannot drop below the seats
 * already taken. The trigger locks the mentor row, so concurrent bookings for one mentor queue
 * up instead of all reading "one seat left". Hand-written: Payload does not generate triggers.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
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
  SELECT count(*) INTO taken FROM bookings
    WHERE mentor_id = NEW.mentor_id AND status = 'confirmed' AND id <> NEW.id;
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

ALTER TABLE mentors ADD CONSTRAINT mentors_capacity_positive CHECK (capacity >= 1);
`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
ALTER TABLE mentors DROP CONSTRAINT IF EXISTS mentors_capacity_positive;
DROP TRIGGER IF EXISTS mentors_capacity_not_below_taken ON mentors;
DROP FUNCTION IF EXISTS enforce_capacity_not_below_taken();
DROP TRIGGER IF EXISTS bookings_mentor_capacity ON bookings;
DROP FUNCTION IF EXISTS enforce_mentor_capacity();
`)
}
