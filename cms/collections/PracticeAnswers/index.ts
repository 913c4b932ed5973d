import { nowIso, QUESTION_TOPICS } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOrOwner } from '../../access/adminOrOwner'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'

/**
 * A student's answer to a practice question, one row per student and question (a unique index).
 * Written only by POST /api/questions/practice/answer, which checks the student's plan first;
 * the first answer is the one that counts (docs/decisions/066-practice-answers.md).
 */
export const PracticeAnswers: CollectionConfig = {
  slug: 'practice-answers',
  labels: { singular: 'Practice answer', plural: 'Practice answers' },
  admin: {
    defaultColumns: ['user', 'question', 'topic', 'correct', 'answeredAt'],
    group: 'Question bank',
    hidden: hiddenUnless('admin'),
  },
  defaultSort: '-answeredAt',
  access: { create: nobody, read: adminOrOwner, update: nobody, delete: isAdmin },
  indexes: [{ fields: ['user', 'question'], unique: true }],
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true, index: true },
    { name: 'question', type: 'relationship', relationTo: 'questions', required: true, index: true },
    {
      name: 'topic',
      type: 'select',
      required: true,
      index: true,
      options: QUESTION_TOPICS.map((t) => ({ label: t, value: t })),
    },
    { name: 'chosenOption', type: 'number', required: true, min: 1, max: 6 },
    { name: 'correct', type: 'checkbox', required: true, defaultValue: false },
    { name: 'answeredAt', type: 'date', required: true, defaultValue: () => nowIso(), admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
