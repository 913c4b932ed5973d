import { DEFAULT_OFFER_HOLD_HOURS, DEFAULT_REFUND_WINDOW_HOURS } from '@mentorloop/shared'
import type { GlobalConfig } from 'payload'
import { anyone } from '../../access/anyone'
import { isAdmin } from '../../access/isAdmin'
import { revalidateGlobalAfterChange } from '../../lib/revalidateSite'

/**
 * Settings of the business rules that admins tune without code (docs/decisions/045-batches-in-time.md).
 * Readable by anyone: they are the rules the site states to students ("we hold the seat for 24
 * hours"), so the site reads them as it reads the copy, and is told when they change.
 */
export const BusinessRules: GlobalConfig = {
  slug: 'business-rules',
  label: 'Business rules',
  admin: { group: 'Mentorship', hidden: ({ user }) => !(user as { roles?: string[] } | null)?.roles?.includes('admin') },
  access: { read: anyone, update: isAdmin },
  hooks: { afterChange: [revalidateGlobalAfterChange('business-rules')] },
  fields: [
    {
      name: 'offerHoldHours',
      type: 'number',
      required: true,
      min: 1,
      max: 168,
      defaultValue: DEFAULT_OFFER_HOLD_HOURS,
      label: 'Seat offer hold (hours)',
      admin: { description: 'How long a seat offered to a waiting student without a plan is held for them before it passes on.' },
    },
    {
      name: 'refundWindowHours',
      type: 'number',
      required: true,
      min: 1,
      max: 720,
      defaultValue: DEFAULT_REFUND_WINDOW_HOURS,
      label: 'Refund promise window after Session 1 (hours)',
      admin: {
        description:
          'A refund asked for within this many hours after the end of a student’s Session 1 is approved at once; the copy’s {refundWindowHours} says the same.',
      },
    },
  ],
}
