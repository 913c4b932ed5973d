import type { FieldHook } from 'payload'
import { usedCount } from '../../../services/offers/uses'

/** The admin's "Used" column: payments verified with the code (one count per document read). */
export const countUses: FieldHook = async ({ data, req }) => {
  const id = (data as { id?: number } | undefined)?.id
  return typeof id === 'number' ? usedCount(req, id) : 0
}
