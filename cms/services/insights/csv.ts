import type { Column, InsightTable } from './queries'

/**
 * An Insights table as CSV (RFC 4180: comma-separated, CRLF, quoted when needed), with money in
 * rupees and a header row of the page's column names. A cell that a spreadsheet would run as a
 * formula (=, +, -, @ first) is prefixed with an apostrophe (OWASP "CSV injection"): reasons and
 * names are typed by people. The first line is a byte-order mark so Excel reads UTF-8 (₹, names).
 */
export function insightCsv(table: InsightTable): string {
  const lines = [
    table.columns.map((c) => quote(c.label)),
    ...table.rows.map((r) => table.columns.map((c) => quote(cellText(c, r[c.key] ?? null)))),
  ]
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`
}

function cellText(column: Column, value: string | number | null): string {
  if (value === null) return ''
  if (column.kind === 'paise') return (Number(value) / 100).toFixed(2)
  if (typeof value === 'number') return String(value)
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

function quote(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
