import config from '@payload-config'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { getPayload } from 'payload'

/** Readiness: Payload is initialised and the database answers. */
export const dynamic = 'force-dynamic'

export async function GET() {
  try {
    const payload = await getPayload({ config })
    await (payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle.execute(sql`select 1`)
    return new Response('ready', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  } catch {
    // Up or down only: the driver's text names hosts, users and databases.
    return new Response('not ready', { status: 503, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  }
}
