import { copyValues, fillCopy } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { mergePreview, previewValues } from './preview-merge'

const published = copyValues({
  batchSize: '12–15',
  holdHours: 24,
  plans: [
    { code: 'BEGINNER_TECHY', price: 599, sessionsIncluded: 4 },
    { code: 'PLACEMENT_FOCUSED', price: 799, sessionsIncluded: 4 },
  ],
})

describe('the live preview fills the placeholders staff type', () => {
  it('with the batch size being edited in the site settings', () => {
    const preview = {
      globalSlug: 'site-settings',
      data: { batchSize: '10–12', about: { body: 'Batches of {batchSize}, from {price:BEGINNER_TECHY}' } },
    }
    const values = previewValues(published, preview, [])
    const merged = fillCopy(mergePreview({ about: { heading: 'About Us', body: 'old' } }, preview.data), values)
    expect(merged.about).toEqual({ heading: 'About Us', body: 'Batches of 10–12, from ₹599' })
  })

  it('with a plan’s price being edited, the other plans as published', () => {
    const preview = { collectionSlug: 'plans', data: { id: 1, price: 649 } }
    const values = previewValues(published, preview, [{ code: 'BEGINNER_TECHY', price: 649, strikePrice: 1100, sessionsIncluded: 4 }])
    expect(fillCopy('{price:BEGINNER_TECHY} or {price:PLACEMENT_FOCUSED}, {batchSize}', values)).toBe('₹649 or ₹799, 12–15')
  })
})
