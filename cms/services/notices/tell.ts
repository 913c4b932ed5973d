import type { NoticeView } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { type EmailPriority, queueOutbox } from '../../notifications/outbox'

export type { NoticeView }

export type Tidings = {
  kind: string
  title: string
  /** The notice's text and the e-mail's paragraphs. */
  paragraphs: string[]
  action?: { label: string; url: string }
  priority?: EmailPriority
  /** One e-mail per key (the same event told twice is sent once). */
  key?: string
}

/**
 * Tells a student what changed for them without their doing it (docs/decisions/069, "Telling
 * students"): an e-mail and a dashboard notice with the same words, both in the caller's
 * transaction, so they exist exactly when the change does.
 */
export async function tellStudent(
  req: PayloadRequest,
  student: { id: number; email: string; name?: string | null },
  t: Tidings,
): Promise<void> {
  await queueOutbox(req, [
    {
      to: student.email,
      template: t.kind,
      priority: t.priority ?? 'urgent',
      key: t.key,
      ...renderEmail({ subject: t.title, greeting: `Hi ${student.name?.trim() || 'there'},`, paragraphs: t.paragraphs, action: t.action }),
    },
  ])
  const at = new Date().toISOString()
  await txQuery(
    req,
    sql`INSERT INTO notices (user_id, kind, title, body, created_at, updated_at)
        VALUES (${student.id}, ${t.kind}, ${t.title}, ${t.paragraphs.join('\n\n')}, ${at}::timestamptz, ${at}::timestamptz)`,
  )
}

export async function listNoticesOf(req: PayloadRequest, userId: number): Promise<NoticeView[]> {
  const rows = await txQuery<{ id: number; kind: string; title: string; body: string; created_at: string | Date }>(
    req,
    sql`SELECT id, kind, title, body, created_at FROM notices WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 20`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  }))
}
