/**
 * The decision records say which of them still hold (issue 34: "mark superseded decisions in their
 * status line"). A decision whose status says it supersedes (part of) another names that one; the
 * other's status line must then say it is superseded, and by which, so a reader who opens the old
 * record first is sent on instead of following a rule the code no longer has.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/decisions')

type Decision = { number: string; file: string; status: string }

/** The status paragraph: from "Status:" to the first blank line. */
export function statusOf(text: string): string {
  const start = text.search(/^Status:/m)
  if (start < 0) return ''
  const rest = text.slice(start)
  const end = rest.search(/\n\s*\n/)
  return (end < 0 ? rest : rest.slice(0, end)).replace(/\s+/g, ' ')
}

/**
 * The decisions a status says it supersedes: the three-digit numbers in the clause after
 * "supersedes" (to the next `;`, `.`, `(` or `)`: "supersedes the Plans part of 045; amends 044"
 * names 045 only).
 */
export function supersededBy(status: string): string[] {
  return [...status.matchAll(/supersedes([^;.()]*)/gi)].flatMap((m) => [...m[1]!.matchAll(/\b(\d{3})\b/g)].map((n) => n[1]!))
}

/** Pairs (older, newer) where the newer supersedes the older and the older's status does not say so. */
export function unmarked(decisions: Decision[]): string[] {
  const byNumber = new Map(decisions.map((d) => [d.number, d]))
  const problems: string[] = []
  for (const newer of decisions) {
    for (const number of supersededBy(newer.status)) {
      const older = byNumber.get(number)
      if (!older || older.number === newer.number) continue
      const says = /superseded/i.test(older.status) && new RegExp(`\\b${newer.number}\\b`).test(older.status)
      if (!says) problems.push(`${older.file}: its status line must say it is superseded (in part) by ${newer.number}`)
    }
  }
  return problems
}

function decisions(): Decision[] {
  return readdirSync(DIR)
    .filter((f) => /^\d{3}-.*\.md$/.test(f) && !f.startsWith('000-'))
    .map((file) => ({ number: file.slice(0, 3), file, status: statusOf(readFileSync(path.join(DIR, file), 'utf8')) }))
}

describe('decision records', () => {
  it('every decision another supersedes says so in its status line, naming the newer one', () => {
    expect(unmarked(decisions())).toEqual([])
  })

  it('the check sees a missing mark and accepts one that names the newer decision', () => {
    expect(supersededBy('Status: accepted (supersedes the "Plans" part of 045; amends 044 and 056)')).toEqual(['045'])
    expect(supersededBy('Status: accepted. Supersedes the rush half of decision 124 and the paths of decision 120.')).toEqual([
      '124',
      '120',
    ])
    const newer = { number: '200', file: '200-new.md', status: 'Status: accepted (supersedes the plan part of 100)' }
    expect(unmarked([{ number: '100', file: '100-old.md', status: 'Status: accepted' }, newer])).toEqual([
      '100-old.md: its status line must say it is superseded (in part) by 200',
    ])
    expect(unmarked([{ number: '100', file: '100-old.md', status: 'Status: accepted; its plan part superseded by 200' }, newer])).toEqual(
      [],
    )
    expect(unmarked([{ number: '100', file: '100-old.md', status: 'Status: superseded by 150' }, newer])).toHaveLength(1)
  })

  it('every record has a status line', () => {
    expect(
      decisions()
        .filter((d) => !d.status.startsWith('Status:'))
        .map((d) => d.file),
    ).toEqual([])
  })
})
