import { COPY_PLACEHOLDERS_HELP, DEFAULT_PLAN_DURATION_DAYS, PLAN_CODES, PLAN_PRODUCTS } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { publishedOrEditor } from '../../access/publishedOrEditor'
import { revalidateAfterChange, revalidateAfterDelete } from '../../lib/revalidateSite'

export const Plans: CollectionConfig = {
  slug: 'plans',
  admin: {
    description: COPY_PLACEHOLDERS_HELP,
    useAsTitle: 'name',
    defaultColumns: ['name', 'code', 'product', 'price', 'strikePrice', 'active', '_status'],
    group: 'Content',
    hidden: hiddenUnless('admin', 'staff'),
  },
  defaultSort: 'order',
  // The site caches public content; tell it when published content changes.
  hooks: { afterChange: [revalidateAfterChange('plans')], afterDelete: [revalidateAfterDelete('plans')] },
  versions: { drafts: true, maxPerDoc: 20 },
  access: {
    create: isEditor,
    read: publishedOrEditor,
    update: isEditor,
    delete: isEditor,
    // History holds unreleased prices and texts: staff only.
    readVersions: isEditor,
  },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'code',
          type: 'select',
          required: true,
          unique: true,
          index: true,
          options: PLAN_CODES.map((c) => ({ label: c, value: c })),
          admin: { description: 'What the code means is fixed in code; the texts and prices are yours.' },
        },
        {
          name: 'product',
          type: 'select',
          required: true,
          index: true,
          options: PLAN_PRODUCTS.map((p) => ({ label: p === 'mentorship' ? 'Mentorship' : 'Question bank', value: p })),
        },
      ],
    },
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    { name: 'description', type: 'textarea', maxLength: 400 },
    {
      type: 'row',
      fields: [
        {
          name: 'price',
          type: 'number',
          required: true,
          min: 0,
          admin: { description: 'In rupees per period.', components: { Cell: '/components/admin/WholeRupeesCell' } },
        },
        {
          name: 'strikePrice',
          label: 'Struck-through price',
          type: 'number',
          min: 0,
          admin: {
            description: 'The old price shown crossed out (rupees).',
            components: { Cell: '/components/admin/WholeRupeesCell' },
          },
        },
        {
          name: 'currency',
          type: 'select',
          options: [{ label: 'INR', value: 'INR' }],
          defaultValue: 'INR',
          required: true,
        },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'durationDays', type: 'number', required: true, min: 1, defaultValue: DEFAULT_PLAN_DURATION_DAYS },
        { name: 'sessionsIncluded', type: 'number', min: 0, defaultValue: 0 },
        { name: 'order', type: 'number', defaultValue: 100, index: true },
      ],
    },
    {
      name: 'features',
      type: 'array',
      labels: { singular: 'Feature', plural: 'Features' },
      fields: [
        { name: 'text', type: 'text', required: true },
        { name: 'value', type: 'text', admin: { description: 'Optional figure, e.g. "50".' } },
        { name: 'available', type: 'checkbox', defaultValue: true },
      ],
    },
    { name: 'badge', type: 'text', maxLength: 40, admin: { description: 'e.g. Most Popular' } },
    {
      name: 'questionBank',
      label: 'What this plan unlocks in the question bank',
      type: 'group',
      admin: { condition: (data) => data?.product === 'question-bank' },
      fields: [
        { name: 'questionLimit', type: 'number', min: 0, defaultValue: 5, admin: { description: 'How many PYQs a student sees.' } },
        { name: 'topicWise', label: 'Topic-wise questions', type: 'checkbox', defaultValue: false },
        { name: 'videoSolutions', label: 'Video solutions', type: 'checkbox', defaultValue: false },
        { name: 'toppersSolutions', label: 'Toppers’ solutions', type: 'checkbox', defaultValue: false },
      ],
    },
    { name: 'active', type: 'checkbox', defaultValue: true, index: true },
  ],
  timestamps: true,
}
