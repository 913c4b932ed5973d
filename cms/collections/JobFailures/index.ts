import type { CollectionConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isAdmin } from '../../access/isAdmin'
import { nobody } from '../../access/nobody'

/**
 * One row per step of the time-driven work that failed for one item (a batch that would not start,
 * a hold that would not expire): the others went on, this one is retried on every tick until it
 * passes, and admins see it on the dashboard (docs/decisions/069, "Time").
 */
export const JobFailures: CollectionConfig = {
  slug: 'job-failures',
  labels: { singular: 'Failing step', plural: 'Failing steps' },
  admin: {
    useAsTitle: 'step',
    defaultColumns: ['step', 'ref', 'attempts', 'lastSeenAt', 'resolvedAt'],
    group: 'People',
    hidden: hiddenUnless('admin'),
    description: 'Time-driven work that failed for one item; it is retried every minute until it passes.',
  },
  defaultSort: '-lastSeenAt',
  access: { create: nobody, read: isAdmin, update: nobody, delete: isAdmin },
  fields: [
    { name: 'step', type: 'text', required: true, index: true },
    { name: 'ref', type: 'text', required: true },
    { name: 'error', type: 'textarea' },
    { name: 'attempts', type: 'number', defaultValue: 1 },
    { name: 'firstSeenAt', type: 'date', admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'lastSeenAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
    { name: 'resolvedAt', type: 'date', index: true, admin: { date: { pickerAppearance: 'dayAndTime' } } },
  ],
  timestamps: true,
}
