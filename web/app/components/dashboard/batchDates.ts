import { type BatchView, formatDateRange } from '@mentorloop/shared'

/** The dates of a batch in words: "January 2027 · 1–31 Jan 2027". */
export const batchDates = (b: BatchView) => `${b.label} · ${formatDateRange(b.startsOn, b.endsOn)}`
