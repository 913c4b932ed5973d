import { DISCOUNT_CODE_PATTERN, formatRupees, normalizeDiscountCode, paiseToRupees } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { isEditor } from '../../access/isEditor'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'
import { LEAST_AMOUNT_PAISE, MAX_PERCENT_OFF } from '../../services/offers/discount'
import { quoteEndpoint } from './endpoints/quote'
import { countUses } from './hooks/countUses'

/**
 * Discount codes that staff run from /admin (issue 35, decision 195): percent or flat off, for
 * some plans or all, from/until (India time, like every date in the admin), total uses and uses
 * per student, first purchase only. Staff and admins edit them; students never read the list: a
 * code is checked one at a time through the quote endpoint and the order (services/offers).
 */
export const DiscountCodes: CollectionConfig = {
  slug: 'discount-codes',
  labels: { singular: 'Discount code', plural: 'Discount codes' },
  admin: {
    useAsTitle: 'code',
    defaultColumns: ['code', 'kind', 'percentOff', 'amountOff', 'startsAt', 'endsAt', 'uses', 'maxUses', 'active'],
    group: 'Discounts',
    hidden: hiddenUnless('admin', 'staff'),
    description:
      'A code a student types at checkout. A use counts when its payment is verified; a checkout in progress keeps one use for 30 minutes. The early-bird banner (Site settings → Plans section) can name a code and ends with it.',
  },
  defaultSort: '-createdAt',
  // The landing banner may name a code: its end and its switch change what visitors see.
  hooks: { afterChange: [revalidateAfterChange('site-settings')], afterDelete: [revalidateAfterDelete('site-settings')] },
  endpoints: [quoteEndpoint],
  access: {
    create: isEditor,
    read: isEditor,
    update: isEditor,
    // A code with uses is part of payments' history: switch it off instead (admins may still delete).
    delete: isAdmin,
  },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'code',
          type: 'text',
          required: true,
          unique: true,
          index: true,
          maxLength: 32,
          admin: { description: 'What the student types, e.g. EARLY20. Kept in capitals.' },
          hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? normalizeDiscountCode(value) : value)] },
          validate: (value: unknown) =>
            typeof value === 'string' && DISCOUNT_CODE_PATTERN.test(value) ? true : 'Use 3 to 32 letters, digits, “-” or “_”.',
        },
        { name: 'active', type: 'checkbox', defaultValue: true, admin: { description: 'Off: the code is refused at once.' } },
      ],
    },
    { name: 'note', type: 'text', maxLength: 200, admin: { description: 'For staff: what the code is for.' } },
    {
      type: 'row',
      fields: [
        {
          name: 'kind',
          type: 'select',
          required: true,
          defaultValue: 'percent',
          options: [
            { label: 'Percent off', value: 'percent' },
            { label: 'Rupees off', value: 'flat' },
          ],
        },
        {
          name: 'percentOff',
          type: 'number',
          min: 1,
          max: MAX_PERCENT_OFF,
          admin: { condition: (data) => data?.kind === 'percent', description: `1 to ${MAX_PERCENT_OFF}.` },
          validate: (value: unknown, { siblingData }: { siblingData: { kind?: string } }) =>
            siblingData?.kind !== 'percent' ||
            (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PERCENT_OFF) ||
            `Give a whole percent from 1 to ${MAX_PERCENT_OFF}.`,
        },
        {
          name: 'amountOff',
          label: 'Rupees off',
          type: 'number',
          min: 1,
          admin: {
            condition: (data) => data?.kind === 'flat',
            description: `In rupees, like a plan’s price. A plan never costs less than ${formatRupees(paiseToRupees(LEAST_AMOUNT_PAISE))} with it.`,
          },
          validate: (value: unknown, { siblingData }: { siblingData: { kind?: string } }) =>
            siblingData?.kind !== 'flat' || (typeof value === 'number' && value >= 1) || 'Give the rupees off (at least 1).',
        },
      ],
    },
    {
      name: 'plans',
      type: 'relationship',
      relationTo: 'plans',
      hasMany: true,
      admin: { description: 'The plans the code is for. Empty: every plan.' },
    },
    {
      type: 'row',
      fields: [
        {
          name: 'startsAt',
          label: 'From',
          type: 'date',
          required: true,
          admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'India time.' },
        },
        {
          name: 'endsAt',
          label: 'Until',
          type: 'date',
          admin: { date: { pickerAppearance: 'dayAndTime' }, description: 'India time. Empty: no end.' },
          validate: (value: unknown, { siblingData }: { siblingData: { startsAt?: string | Date | null } }) =>
            !value || !siblingData?.startsAt || new Date(value as string) > new Date(siblingData.startsAt) || 'Until must be after From.',
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'maxUses', label: 'Total uses', type: 'number', min: 1, admin: { description: 'Empty: no limit.' } },
        {
          name: 'maxUsesPerStudent',
          label: 'Uses per student',
          type: 'number',
          min: 1,
          required: true,
          defaultValue: 1,
        },
        {
          name: 'firstPurchaseOnly',
          label: 'First purchase only',
          type: 'checkbox',
          defaultValue: false,
          admin: { description: 'Only for a student who has never paid for a plan.' },
        },
      ],
    },
    {
      name: 'uses',
      label: 'Used',
      type: 'number',
      virtual: true,
      admin: { readOnly: true, description: 'Payments verified with this code.' },
      hooks: { afterRead: [countUses] },
    },
  ],
  timestamps: true,
}
