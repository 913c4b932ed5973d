import config from '@payload-config'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { getPayload } from 'payload'

/** Readiness: Payload is initialised and the database answers. Up or down only: no error text. */
export const dynamic = 'force-dynamic'

export async function GET() {
  try {
    const payload = await getPayload({ config })
    await (payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle.execute(sql`select 1`)
    return Response.json({ status: 'up' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'down' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
