import type { Mentor } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook } from 'payload'
import { inTransaction } from '../../../lib/transaction'
import { ensureOpenBatch, findOpenBatch } from '../../../services/batches/batches'
import { fillMentorBatches } from '../../../services/batches/seating'

/**
 * A mentor's seats changed in the CMS. Their capacity is the size of their batches, so the open
 * batch follows a new capacity (its own hook hands out seats that opened); a mentor published or
 * taking bookings gets an open batch if set to auto-open, and the queue gets the free seats.
 */
export const fillSeatsWhenCapacityGrows: CollectionAfterChangeHook<Mentor> = async ({ doc, previousDoc, operation, req }) => {
  if (doc._status !== 'published') return doc
  await inTransaction(req, async () => {
    const published = operation === 'create' || previousDoc?._status !== 'published'
    if (published && doc.autoOpenNextBatch !== false) await ensureOpenBatch(req, doc.id)
    const open = await findOpenBatch(req, doc.id)
    const capacityChanged = operation === 'update' && Number(doc.capacity) !== Number(previousDoc?.capacity)
    if (open && capacityChanged && open.capacity !== Number(doc.capacity)) {
      await req.payload.update({
        collection: 'batches',
        id: open.id,
        data: { capacity: Number(doc.capacity) },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    // A mentor taking bookings gets their free seats handed out on every save (filling is idempotent:
    // a second fill hands out nothing). Not decided from previousDoc: for a collection with drafts
    // Payload reads it from the latest version by time, so a pause and a resume within one clock
    // tick compared the resume with the wrong version and the queue got nothing (found by the
    // model-based test, tests/int/modelRegressions.int.test.ts).
    if (doc.acceptingBookings !== false || published) await fillMentorBatches(req, doc.id)
  })
  return doc
}
