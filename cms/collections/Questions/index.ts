import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { practiceQuestions } from './endpoints/practice'
import { QUESTION_TOPICS } from './topics'

/**
 * The question bank. Students never read this collection directly: they go through
 * GET /api/questions/practice, which applies their plan's limits on the server.
 */
export const Questions: CollectionConfig = {
  slug: 'questions',
  admin: {
    useAsTitle: 'question',
    defaultColumns: ['question', 'exam', 'year', 'topic', 'inFreeSample', 'order'],
    listSearchableFields: ['question', 'exam', 'topic'],
    group: 'Question bank',
    hidden: hiddenUnless('admin', 'staff'),
  },
  defaultSort: 'order',
  access: { create: isEditor, read: isEditor, update: isEditor, delete: isEditor },
  endpoints: [practiceQuestions],
  fields: [
    {
      type: 'row',
      fields: [
        { name: 'exam', type: 'text', required: true, maxLength: 80, index: true },
        { name: 'year', type: 'number', required: true, min: 1990, max: 2100 },
        {
          name: 'topic',
          type: 'select',
          required: true,
          index: true,
          options: QUESTION_TOPICS.map((t) => ({ label: t, value: t })),
        },
      ],
    },
    { name: 'question', type: 'textarea', required: true, maxLength: 2000 },
    { name: 'solution', type: 'textarea', required: true, maxLength: 4000, admin: { description: 'Worked answer.' } },
    {
      name: 'videoUrl',
      label: 'Video solution link',
      type: 'text',
      validate: (v: unknown) => v == null || v === '' || /^https:\/\/\S+$/.test(String(v)) || 'Use a full https:// link.',
    },
    { name: 'toppersSolution', label: 'Toppers’ solution', type: 'textarea', maxLength: 2000 },
    {
      type: 'row',
      fields: [
        {
          name: 'inFreeSample',
          label: 'In the Free sample',
          type: 'checkbox',
          defaultValue: false,
          index: true,
          admin: { description: 'Free students see these (up to the Free plan’s limit).' },
        },
        { name: 'order', type: 'number', defaultValue: 1000, index: true },
      ],
    },
  ],
  timestamps: true,
}
