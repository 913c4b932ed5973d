/**
 * Schema changes follow expand/contract (docs/schema-changes.md): a release only adds (tables,
 * nullable columns, indexes, types' values), so the release before it still runs on the new schema
 * and a rollback is a redeploy. Removing or retyping (DROP COLUMN, DROP TABLE, SET DATA TYPE,
 * ALTER COLUMN ... TYPE, RENAME) is a contract step: its own migration, in a later release than the
 * one that stopped using what it removes, and it says so with a "Contract step:" line in its
 * comment. This check fails on a destructive statement in a migration's `up` without that line.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const MIGRATIONS = path.join(ROOT, 'cms/migrations')

const DESTRUCTIVE = [
  /\bDROP\s+COLUMN\b/i,
  /\bDROP\s+TABLE\b/i,
  /\bSET\s+DATA\s+TYPE\b/i,
  /\bALTER\s+COLUMN\s+"?\w+"?\s+TYPE\b/i,
  /\bRENAME\s+(COLUMN\b|TO\b)/i,
  /\bDROP\s+TYPE\b/i,
]
const MARK = /^\s*(\*|\/\/)\s*Contract step\b/m

/** The `up` function's text: what the statements between `function up` and `function down` say. */
export function upPart(source: string): string {
  const start = source.search(/export\s+async\s+function\s+up\b/)
  if (start < 0) return ''
  const end = source.slice(start).search(/export\s+async\s+function\s+down\b/)
  return end < 0 ? source.slice(start) : source.slice(start, start + end)
}

export function destructiveStatements(source: string): string[] {
  const up = upPart(source)
  return DESTRUCTIVE.flatMap((re) => up.match(new RegExp(re.source, 'gi')) ?? [])
}

export const isMarkedContract = (source: string) => MARK.test(source)

describe('migrations follow expand/contract', () => {
  it('finds what a contract step does, and its mark', () => {
    const unmarked =
      'export async function up() { sql`ALTER TABLE "a" DROP COLUMN "b";` }\nexport async function down() { sql`DROP TABLE "x"` }'
    expect(destructiveStatements(unmarked)).toEqual(['DROP COLUMN'])
    expect(isMarkedContract(unmarked)).toBe(false)
    expect(destructiveStatements('export async function up() { sql`ALTER TABLE "a" ALTER COLUMN "b" SET DATA TYPE text;` }')).toEqual([
      'SET DATA TYPE',
    ])
    expect(
      destructiveStatements('export async function up() { sql`CREATE TABLE "a" (id int); ALTER TABLE "a" ADD COLUMN "b" text;` }'),
    ).toEqual([])
    expect(isMarkedContract('/**\n * Contract step: drops payments.old_amount, unread since release 12.\n */')).toBe(true)
  })

  it('every migration with a destructive statement in its up is marked as a contract step', () => {
    const offenders = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
      .map((f) => ({ file: f, source: readFileSync(path.join(MIGRATIONS, f), 'utf8') }))
      .filter(({ source }) => destructiveStatements(source).length > 0 && !isMarkedContract(source))
      .map(({ file, source }) => `${file}: ${destructiveStatements(source).join(', ')}`)
    expect(offenders, 'mark each as "Contract step:" in its comment, or split it (docs/schema-changes.md)').toEqual([])
  })
})
