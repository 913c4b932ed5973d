import { REFUND_REASON_OTHER, REFUND_REASONS, refundReasonLabel } from '@mentorloop/shared'
import type { SelectField } from 'payload'
import { describe, expect, it } from 'vitest'
import { RefundRequests } from './index'

describe('the admin reads a refund reason as the student chose it (issue 32)', () => {
  it('labels each stored reason with the words the student picked it by', () => {
    const field = RefundRequests.fields.find((f) => 'name' in f && f.name === 'reason') as SelectField
    const options = field.options as { label: string; value: string }[]
    expect(options.map((o) => o.value)).toEqual([...REFUND_REASONS])
    for (const o of options) expect(o.label).toBe(refundReasonLabel(o.value as (typeof REFUND_REASONS)[number]))
    expect(options.find((o) => o.value === REFUND_REASON_OTHER)?.label).toBe('Other (tell us below)')
  })
})
