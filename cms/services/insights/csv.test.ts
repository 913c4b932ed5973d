import { describe, expect, it } from 'vitest'
import { insightCsv } from './csv'
import type { InsightTable } from './queries'

const table = (rows: InsightTable['rows']): InsightTable => ({
  view: 'refunds',
  title: 'Refunds by reason',
  columns: [
    { key: 'reason', label: 'Reason', kind: 'text' },
    { key: 'amount', label: 'Amount, refunded', kind: 'paise' },
    { key: 'share', label: 'Share', kind: 'percent' },
  ],
  rows,
})

describe('insightCsv', () => {
  it('writes a header of the column names, rupees with two decimals, CRLF lines and a BOM for Excel', () => {
    expect(insightCsv(table([{ reason: 'Timing', amount: 79_900, share: 12.5 }]))).toBe(
      '\uFEFFReason,"Amount, refunded",Share\r\nTiming,799.00,12.5\r\n',
    )
  })

  it('quotes commas, quotes and line breaks, and leaves an empty cell for no figure', () => {
    expect(insightCsv(table([{ reason: 'Too "fast", sorry\nreally', amount: -79_900, share: null }])).split('\r\n')[1]).toBe(
      '"Too ""fast"", sorry\nreally",-799.00,',
    )
  })

  it('keeps a typed text from running as a spreadsheet formula', () => {
    for (const start of ['=', '+', '-', '@']) {
      expect(insightCsv(table([{ reason: `${start}HYPERLINK("x")`, amount: 0, share: 0 }])).split('\r\n')[1]).toBe(
        `"'${start}HYPERLINK(""x"")",0.00,0`,
      )
    }
  })
})
