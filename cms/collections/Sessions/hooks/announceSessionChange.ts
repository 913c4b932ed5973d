import type { Session } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, CollectionBeforeChangeHook } from 'payload'
import { ANNOUNCED_TOGETHER, announceChange, calendarChange, factsOfDoc } from '../../../services/sessions/changes'

/**
 * A session's calendar version (SEQUENCE) is the server's: 0 when created, one higher on each change
 * a calendar must follow (time, length, link, title, cancellation). Whatever a caller sends is ignored.
 */
export const raiseSequence: CollectionBeforeChangeHook<Session> = ({ data, originalDoc, operation }) => {
  if (operation === 'create' || !originalDoc) return { ...data, sequence: 0 }
  const before = Number(originalDoc.sequence ?? 0)
  const changed = calendarChange(originalDoc, { ...originalDoc, ...data }) !== null
  return { ...data, sequence: changed ? before + 1 : before }
}

/** Tells every seated student and the mentor, with the calendar entry (services/sessions/changes.ts). */
export const announceSessionChange: CollectionAfterChangeHook<Session> = async ({ context, doc, previousDoc, operation, req }) => {
  const change = calendarChange(operation === 'create' ? null : previousDoc, doc)
  if (!change) return doc
  // Created with others (a layout): one e-mail for all of them follows (services/sessions/changes.ts).
  if (operation === 'create' && context?.[ANNOUNCED_TOGETHER] === true) return doc
  const before =
    change === 'moved' && previousDoc?.startsAt
      ? { startsAt: previousDoc.startsAt, durationMinutes: Number(previousDoc.durationMinutes ?? doc.durationMinutes) }
      : null
  await announceChange(req, await factsOfDoc(req, doc), change, before)
  return doc
}

/** A deleted session that was still on is a cancellation for everyone's calendar. */
export const announceSessionDeleted: CollectionAfterDeleteHook<Session> = async ({ doc, req }) => {
  if (doc.status === 'cancelled') return doc
  const facts = await factsOfDoc(req, doc, { sequence: Number(doc.sequence ?? 0) + 1, status: 'cancelled' })
  await announceChange(req, facts, 'cancelled')
  return doc
}
