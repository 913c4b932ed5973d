import { QUESTION_TOPICS } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor, isEditorField } from '../../access/isEditor'
import { answerPracticeQuestionEndpoint, practiceQuestions } from './endpoints/practice'

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
  endpoints: [practiceQuestions, answerPracticeQuestionEndpoint],
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
    {
      name: 'options',
      label: 'Answer options',
      type: 'array',
      maxRows: 6,
      labels: { singular: 'Option', plural: 'Options' },
      admin: { description: 'Two to six choices; students pick one. Leave empty for an open question (not shown in practice).' },
      validate: (rows: unknown) => {
        const n = Array.isArray(rows) ? rows.length : 0
        return n === 0 || (n >= 2 && n <= 6) || 'Give between 2 and 6 options, or none.'
      },
      fields: [{ name: 'text', type: 'text', required: true, maxLength: 500 }],
    },
    {
      name: 'correctOption',
      label: 'Correct option (1 = the first)',
      type: 'number',
      min: 1,
      max: 6,
      // Never readable by students: the practice endpoint reveals it only after they answer.
      access: { read: isEditorField },
      admin: { description: 'Which option is right, counting from 1.' },
      validate: (value: unknown, { siblingData }: { siblingData: Partial<{ options: unknown[] }> }) => {
        const n = Array.isArray(siblingData?.options) ? siblingData.options.length : 0
        if (n === 0) return value == null || 'Add options first, or clear the correct option.'
        return (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= n) || `Pick a number from 1 to ${n}.`
      },
    },
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
