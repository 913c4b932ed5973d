import { DAY_MS, now } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { revalidateSite } from '../../lib/revalidateSite'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { queueEmails } from '../../notifications/queueEmail'
import { lockMentor } from '../booking/seats'
import { stepGuard } from '../time/failures'
import { ensureOpenBatch, getBatch } from './batches'
import { batchCompletedEmail } from './emails'

/**
 * Moving batches through time (docs/decisions/045-batches-in-time.md, 069). Each batch or mentor is
 * one transaction under the mentor's lock, decided by a conditional UPDATE that only one caller
 * wins: run twice, or by two workers at once, nothing more happens. Times are compared in
 * JavaScript time (the clock), never in the database session's time zone. One failing batch is
 * recorded and retried on the next tick; the others go on.
 */
export type AdvanceResult = { started: number; completed: number; opened: number }

/** Open batches whose first day has come start running; a mentor set to auto-open gets the next one. */
export async function startDueBatches(req: PayloadRequest): Promise<{ started: number; opened: number }> {
  const at = now().toISOString()
  const due = await txQuery<{ id: number; mentor_id: number }>(
    req,
    sql`SELECT id, mentor_id FROM batches WHERE status = 'open' AND starts_on <= ${at}::timestamptz ORDER BY starts_on, id`,
  )
  let started = 0
  let opened = 0
  const guard = await stepGuard(req.payload, 'start-batch')
  for (const row of due) {
    await guard(row.id, async () => {
      const step = await newRequest(req.payload)
      await inTransaction(step, async () => {
        await lockMentor(step, Number(row.mentor_id))
        const won = await txQuery(
          step,
          sql`UPDATE batches SET status = 'running', started_at = ${at}::timestamptz, updated_at = now()
               WHERE id = ${row.id} AND status = 'open' AND starts_on <= ${at}::timestamptz RETURNING id`,
        )
        if (won.length === 0) return
        started++
        if (await autoOpens(step, Number(row.mentor_id))) {
          const { created } = await ensureOpenBatch(step, Number(row.mentor_id), { monthEnd: true })
          if (created) opened++
        }
      })
    })
  }
  return { started, opened }
}

async function autoOpens(req: PayloadRequest, mentorId: number): Promise<boolean> {
  const [m] = await txQuery<{ auto: boolean | null; status: string | null }>(
    req,
    sql`SELECT auto_open_next_batch AS auto, _status AS status FROM mentors WHERE id = ${mentorId}`,
  )
  return m?.status === 'published' && m.auto !== false
}

/** Running batches past their last day complete: their bookings become completed and the students are told. */
export async function completeDueBatches(req: PayloadRequest): Promise<number> {
  // A batch runs until the end of its last day (India midnight + 24 h; India has no daylight saving).
  const lastDayBefore = new Date(now().getTime() - DAY_MS).toISOString()
  const due = await txQuery<{ id: number; mentor_id: number }>(
    req,
    sql`SELECT id, mentor_id FROM batches WHERE status = 'running' AND ends_on <= ${lastDayBefore}::timestamptz ORDER BY ends_on, id`,
  )
  let completed = 0
  const guard = await stepGuard(req.payload, 'complete-batch')
  for (const row of due) {
    await guard(row.id, async () => {
      const step = await newRequest(req.payload)
      await inTransaction(step, async () => {
        await lockMentor(step, Number(row.mentor_id))
        const won = await txQuery(
          step,
          sql`UPDATE batches SET status = 'completed', completed_at = ${now().toISOString()}::timestamptz, updated_at = now()
               WHERE id = ${row.id} AND status = 'running' AND ends_on <= ${lastDayBefore}::timestamptz RETURNING id`,
        )
        if (won.length === 0) return
        completed++
        const students = await txQuery<{ email: string; name: string | null }>(
          step,
          sql`WITH done AS (
                UPDATE bookings SET status = 'completed', updated_at = now() WHERE batch_id = ${row.id} AND status = 'confirmed' RETURNING id, user_id)
              SELECT u.email, u.name FROM done JOIN users u ON u.id = done.user_id ORDER BY done.id`,
        )
        await txQuery(
          step,
          sql`UPDATE seat_offers SET status = 'cancelled', decided_at = now(), updated_at = now() WHERE batch_id = ${row.id} AND status = 'held'`,
        )
        const batch = await getBatch(step, Number(row.id))
        const [mentor] = await txQuery<{ name: string }>(step, sql`SELECT name FROM mentors WHERE id = ${row.mentor_id}`)
        // Every student told, in one INSERT of their e-mails (bulk: the month-end's mail to many).
        if (batch && mentor)
          await queueEmails(
            step,
            students.map((user) => batchCompletedEmail(user, mentor.name, batch)),
            { priority: 'bulk' },
          )
      })
    })
  }
  return completed
}

/** Published mentors set to auto-open who have no open batch get one (a new mentor, a cancelled batch). */
export async function openMissingBatches(req: PayloadRequest): Promise<number> {
  const mentors = await txQuery<{ id: number }>(
    req,
    sql`SELECT m.id FROM mentors m
         WHERE m._status = 'published' AND m.auto_open_next_batch IS NOT FALSE
           AND NOT EXISTS (SELECT 1 FROM batches b WHERE b.mentor_id = m.id AND b.status = 'open')
         ORDER BY m.id`,
  )
  let opened = 0
  const guard = await stepGuard(req.payload, 'open-batch')
  for (const { id } of mentors) {
    await guard(id, async () => {
      const step = await newRequest(req.payload)
      const { created } = await inTransaction(step, () => ensureOpenBatch(step, Number(id)))
      if (created) opened++
    })
  }
  return opened
}

/** The month-end's batch steps, in order: complete what ended, start what began (opening the next), open what is missing. */
export async function advanceBatches(req: PayloadRequest): Promise<AdvanceResult> {
  const completed = await completeDueBatches(req)
  const { started, opened: openedOnStart } = await startDueBatches(req)
  const opened = openedOnStart + (await openMissingBatches(req))
  if (started + completed + opened > 0) revalidateSite(req.payload, ['availability'])
  return { started, completed, opened }
}
