import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

/**
 * The runbook's SQL, run as an operator runs it (docs/operations.md): each block the tests follow
 * is a fenced `sql` block whose first line is `-- runbook: <name>`, with psql variables
 * (`:'order_id'`) that the operator sets with `psql -v order_id=…`. The tests read the block from
 * the document itself, so a procedure and its test cannot drift apart.
 */
const RUNBOOK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/operations.md')

export function runbookBlock(name: string): string {
  const found: string[] = []
  const lines = readFileSync(RUNBOOK, 'utf8').split('\n')
  for (let i = 0; i < lines.length; i++) {
    // A fenced block, at the margin or indented in a list item: its lines lose that indent.
    const open = /^( *)```sql$/.exec(lines[i]!)
    if (!open || lines[i + 1]?.trim() !== `-- runbook: ${name}`) continue
    const indent = open[1]!.length
    const body: string[] = []
    for (i++; i < lines.length && lines[i]!.trim() !== '```'; i++) body.push(lines[i]!.slice(indent))
    found.push(body.join('\n'))
  }
  if (found.length !== 1) throw new Error(`docs/operations.md has ${found.length} SQL blocks named "${name}" (want one)`)
  return found[0]!
}

/** Replaces psql's `:'name'` with the quoted value, as `psql -v name=value` does. */
export function withVariables(sqlText: string, vars: Record<string, string | number>): string {
  return sqlText.replace(/:'([a-z_]+)'/g, (_, name: string) => {
    if (!(name in vars)) throw new Error(`the runbook block needs -v ${name}=…`)
    return `'${String(vars[name]).replaceAll("'", "''")}'`
  })
}

/** Runs a runbook block on the test's database (its own connection, like psql); the last statement's rows. */
export async function runbookSql(name: string, vars: Record<string, string | number> = {}): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const result = (await client.query(withVariables(runbookBlock(name), vars))) as pg.QueryResult | pg.QueryResult[]
    const last = Array.isArray(result) ? result[result.length - 1]! : result
    return last.rows
  } finally {
    await client.end()
  }
}
