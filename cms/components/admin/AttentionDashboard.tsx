import { formatDate, formatIst, formatRupees, now, paiseToRupees } from '@mentorloop/shared'
import { createLocalReq, type ServerProps } from 'payload'
import type { ReactNode } from 'react'
import { checkRole } from '../../access/checkRole'
import { type Attention, type MonthMoney, readAttention, type SessionAttention } from '../../services/admin/attention'

/**
 * "Needs attention" above the collection cards on /admin (admin.components.beforeDashboard), for
 * admins only: staff and mentors see nothing of it (it shows money). Every figure links to the
 * admin list filtered to exactly those documents. docs/decisions/068-admin-attention-dashboard.md.
 */
export default async function AttentionDashboard({ payload, user }: ServerProps) {
  if (!checkRole(user, 'admin')) return null
  const admin = payload.config.routes.admin
  let data: Attention
  try {
    const req = await createLocalReq({ user: user as never }, payload)
    data = await readAttention(req, now())
  } catch (error) {
    payload.logger.error({ err: error }, 'admin dashboard: reading what needs attention failed')
    return (
      <section className="ml-attention" aria-label="Needs attention">
        <style>{CSS}</style>
        <p className="ml-attention__error" role="status">
          What needs attention could not be loaded just now (the database did not answer). Reload the page to try again.
        </p>
      </section>
    )
  }
  const list = (slug: string, where: Where) => listUrl(admin, slug, where)
  return (
    <section className="ml-attention" aria-labelledby="ml-attention-title">
      <style>{CSS}</style>
      <h2 id="ml-attention-title">Needs attention</h2>
      <div className="ml-attention__grid">
        <Card id="refunds" title="Refund requests">
          {data.refunds.waiting === 0 && data.refunds.failed === 0 ? (
            <p className="ml-attention__empty">Nothing waiting.</p>
          ) : (
            <ul>
              {data.refunds.waiting > 0 && (
                <li>
                  <a href={list('refund-requests', [['status', 'equals', 'requested']])}>
                    {plural(data.refunds.waiting, 'refund request')} waiting for a decision
                  </a>
                  <span className="ml-attention__meta"> · oldest from {formatDate(data.refunds.oldestWaitingAt, 'dayFirst')}</span>
                </li>
              )}
              {data.refunds.failed > 0 && (
                <li>
                  <a href={list('refund-requests', [['status', 'equals', 'failed']])}>
                    {plural(data.refunds.failed, 'failed refund')} to retry
                  </a>
                  <span className="ml-attention__meta"> · oldest from {formatDate(data.refunds.oldestFailedAt, 'dayFirst')}</span>
                </li>
              )}
            </ul>
          )}
        </Card>

        <Card id="mentors" title="Waitlists">
          {data.mentors.rows.length === 0 ? (
            <p className="ml-attention__empty">Nobody is waiting for a seat.</p>
          ) : (
            <>
              <p className="ml-attention__meta">
                {plural(data.mentors.waitingTotal, 'student')} waiting for a seat in the open batch
                {data.mentors.laterTotal > 0
                  ? ` · ${plural(data.mentors.laterTotal, 'student waits', 'students wait')} for a later batch`
                  : ''}
                {data.mentors.fullCount > 0
                  ? ` · ${plural(data.mentors.fullCount, 'of these mentors is', 'of these mentors are')} full`
                  : ''}
              </p>
              <ul>
                {data.mentors.rows.map((m) => (
                  <li key={m.mentorId}>
                    <a
                      href={list('waitlist', [
                        ['mentor', 'equals', m.mentorId],
                        ['status', 'equals', 'waiting'],
                      ])}
                    >
                      {m.name}
                    </a>
                    <span className="ml-attention__meta">
                      {' · '}
                      {m.waiting} waiting
                      {m.later > 0 ? ` · ${m.later} for a later batch` : ''}
                      {m.full
                        ? ` · full: ${m.booked} booked${m.held ? `, ${m.held} held` : ''} of ${m.capacity}${m.batchLabel ? ` (${m.batchLabel})` : ''}`
                        : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card id="job-failures" title="Failing steps">
          {data.jobFailures.count === 0 ? (
            <p className="ml-attention__empty">No time-driven step is failing.</p>
          ) : (
            <>
              <p>
                <a href={list('job-failures', [['resolvedAt', 'exists', 'false']])}>
                  {plural(data.jobFailures.count, 'unresolved failing step')}
                </a>
                <span className="ml-attention__meta"> · retried every minute until they pass</span>
              </p>
              <ul>
                {data.jobFailures.rows.map((f) => (
                  <li key={f.id}>
                    <a href={`${admin}/collections/job-failures/${f.id}`}>
                      {f.step} ({f.ref})
                    </a>
                    <span className="ml-attention__meta">
                      {' · '}
                      {plural(f.attempts, 'attempt')}
                      {f.lastSeenAt ? ` · last ${formatIst(f.lastSeenAt)}` : ''}
                      {f.error ? ` · ${f.error}` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card id="offers" title="Seat offers expiring within 24 hours">
          {data.offers.expiringCount === 0 ? (
            <p className="ml-attention__empty">No held seat expires in the next 24 hours.</p>
          ) : (
            <>
              <p>
                <a
                  href={list('seat-offers', [
                    ['status', 'equals', 'held'],
                    ['expiresAt', 'less_than_equal', data.offers.until],
                  ])}
                >
                  {plural(data.offers.expiringCount, 'held seat')} expiring by {formatIst(data.offers.until)}
                </a>
              </p>
              <ul>
                {data.offers.rows.map((o) => (
                  <li key={o.id}>
                    <a href={`${admin}/collections/seat-offers/${o.id}`}>{o.studentName}</a>
                    <span className="ml-attention__meta">
                      {' '}
                      for {o.mentorName} · {o.kind === 'continuing' ? 'continuing' : 'from the waitlist'} · ends {formatIst(o.expiresAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card id="sessions" title="Sessions today and tomorrow">
          <SessionDay
            label={`Today, ${formatDate(data.sessions.todayStarts, 'dayFirst')}`}
            sessions={data.sessions.today}
            admin={admin}
            href={list('sessions', [
              ['startsAt', 'greater_than_equal', data.sessions.todayStarts],
              ['startsAt', 'less_than', data.sessions.tomorrowStarts],
            ])}
            empty="No sessions today."
          />
          <SessionDay
            label={`Tomorrow, ${formatDate(data.sessions.tomorrowStarts, 'dayFirst')}`}
            sessions={data.sessions.tomorrow}
            admin={admin}
            href={list('sessions', [
              ['startsAt', 'greater_than_equal', data.sessions.tomorrowStarts],
              ['startsAt', 'less_than', data.sessions.dayAfterStarts],
            ])}
            empty="No sessions tomorrow."
          />
        </Card>

        <Card id="unmarked" title="Sessions without attendance">
          {data.unmarked.count === 0 ? (
            <p className="ml-attention__empty">Every session that ended two days ago or more has its attendance marked.</p>
          ) : (
            <>
              <p>
                {plural(data.unmarked.count, 'session')} ended before {formatIst(data.unmarked.endedBefore)} with nobody marked
                <span className="ml-attention__meta"> · the mentor marks it on their home, or you in Attendance</span>
              </p>
              <ul data-testid="unmarked-sessions">
                {data.unmarked.rows.map((s) => (
                  <li key={s.id}>
                    <a href={`${admin}/collections/sessions/${s.id}`}>{formatIst(s.startsAt)}</a>
                    <span className="ml-attention__meta">
                      {' '}
                      · {s.mentorName} · {s.title} ({s.batchLabel})
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card id="disputes" title="Disputed attendance">
          {data.disputes.count === 0 ? (
            <p className="ml-attention__empty">No student disputes an absent mark.</p>
          ) : (
            <>
              <p>
                {plural(data.disputes.count, 'absent mark')} disputed by the student
                <span className="ml-attention__meta"> · uphold (marked present) or reject it in Attendance</span>
              </p>
              <ul data-testid="attendance-disputes">
                {data.disputes.rows.map((d) => (
                  <li key={d.id}>
                    <a href={`${admin}/collections/session-attendance/${d.id}`}>{d.studentName ?? 'A student'}</a>
                    <span className="ml-attention__meta">
                      {' '}
                      · {d.sessionTitle} on {formatIst(d.startsAt)} · {d.mentorName} ({d.batchLabel}) · disputed {formatIst(d.disputedAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card id="applications" title="Mentor applications waiting">
          {data.applications.count === 0 ? (
            <p className="ml-attention__empty">No application has waited more than 3 days.</p>
          ) : (
            <>
              <p>
                <a
                  href={listUrl(admin, 'mentor-applications', [
                    ['status', 'in', ['submitted', 'under-review']],
                    ['createdAt', 'less_than_equal', data.applications.since],
                  ])}
                >
                  {plural(data.applications.count, 'application')}
                </a>{' '}
                open for more than 3 days
                <span className="ml-attention__meta"> · accept or decline each</span>
              </p>
              <ul data-testid="applications-waiting">
                {data.applications.rows.map((a) => (
                  <li key={a.id}>
                    <a href={`${admin}/collections/mentor-applications/${a.id}`}>{a.name}</a>
                    <span className="ml-attention__meta">
                      {' '}
                      · {a.role} at {a.company} · {a.status === 'under-review' ? 'under review' : 'not yet reviewed'} · applied{' '}
                      {formatIst(a.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card id="money" title="Payments and refunds">
          <MoneyMonth month={data.money.thisMonth} admin={admin} />
          <MoneyMonth month={data.money.lastMonth} admin={admin} />
          <p className="ml-attention__meta">Paid orders by order date; refunds by refund date; complimentary plans left out. India time.</p>
        </Card>
      </div>
    </section>
  )
}

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="ml-attention__card" aria-labelledby={`ml-attention-${id}`}>
      <h3 id={`ml-attention-${id}`}>{title}</h3>
      {children}
    </section>
  )
}

function SessionDay(props: { label: string; sessions: SessionAttention[]; admin: string; href: string; empty: string }) {
  const cancelled = props.sessions.filter((s) => s.cancelled).length
  const held = props.sessions.length - cancelled
  return (
    <>
      <h4>
        {props.sessions.length > 0 ? <a href={props.href}>{props.label}</a> : props.label}
        {props.sessions.length > 0 ? ` (${held}${cancelled > 0 ? `, and ${cancelled} cancelled` : ''})` : ''}
      </h4>
      {props.sessions.length === 0 ? (
        <p className="ml-attention__empty">{props.empty}</p>
      ) : (
        <ul>
          {props.sessions.map((s) => (
            <li key={s.id} className={s.cancelled ? 'ml-attention__cancelled' : undefined}>
              <a href={`${props.admin}/collections/sessions/${s.id}`}>{formatDate(s.startsAt, 'time')} IST</a>
              {s.cancelled && <strong className="ml-attention__tag"> Cancelled</strong>}
              <span className="ml-attention__meta">
                {' '}
                · {s.mentorName} · {s.title} ({s.durationMinutes} min, {s.batchLabel})
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

function MoneyMonth({ month, admin }: { month: MonthMoney; admin: string }) {
  const paidHref = listUrl(admin, 'payments', [
    ['status', 'in', ['completed', 'refunded']],
    ['gateway', 'not_equals', 'complimentary'],
    ['createdAt', 'greater_than_equal', month.from],
    ['createdAt', 'less_than', month.to],
  ])
  // The figure's refund time: the gateway's report, else the admin's approval (services/admin/attention.ts).
  const refunded: Where = [['status', 'in', ['pending', 'refunded']]]
  const refundsHref = listUrl(
    admin,
    'refund-requests',
    [...refunded, ['refundedAt', 'greater_than_equal', month.from], ['refundedAt', 'less_than', month.to]],
    [...refunded, ['refundedAt', 'exists', 'false'], ['decidedAt', 'greater_than_equal', month.from], ['decidedAt', 'less_than', month.to]],
  )
  return (
    <>
      <h4>{month.label}</h4>
      <dl className="ml-attention__money">
        <dt>Paid</dt>
        <dd>
          <a href={paidHref}>{formatRupees(paiseToRupees(month.paid.paise))}</a> ({plural(month.paid.count, 'payment')})
        </dd>
        <dt>Refunded</dt>
        <dd>
          <a href={refundsHref}>{formatRupees(paiseToRupees(month.refunded.paise))}</a> ({plural(month.refunded.count, 'refund')})
        </dd>
      </dl>
    </>
  )
}

type Where = [field: string, operator: string, value: string | number | (string | number)[]][]

/**
 * A Payload admin list URL filtered by `where` (all conditions at once), written as the list's own
 * filter writes it (`where[or][0][and][0][field][operator]=value`), so the filter shows as applied.
 * Several condition groups match any of them.
 */
export function listUrl(admin: string, slug: string, ...groups: Where[]): string {
  const params = new URLSearchParams()
  for (const [g, where] of groups.entries()) {
    for (const [i, [field, operator, value]] of where.entries()) {
      const key = `where[or][${g}][and][${i}][${field}][${operator}]`
      if (!Array.isArray(value)) params.append(key, String(value))
      else for (const [j, v] of value.entries()) params.append(`${key}[${j}]`, String(v))
    }
  }
  return `${admin}/collections/${slug}?${params.toString()}`
}

const plural = (n: number, noun: string, nouns = `${noun}s`) => `${n} ${n === 1 ? noun : nouns}`

/** Payload's own theme variables, so it follows light and dark mode; one column on a phone. */
const CSS = `
.ml-attention { margin-bottom: calc(var(--base) * 2); }
.ml-attention h2 { margin: 0 0 var(--base); }
.ml-attention__grid { display: grid; gap: var(--base); grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr)); }
.ml-attention__card { border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-m, 4px); padding: var(--base); background: var(--theme-elevation-0); min-width: 0; overflow-wrap: anywhere; }
.ml-attention__card h3 { margin: 0 0 calc(var(--base) / 2); font-size: 1.1rem; }
.ml-attention__card h4 { margin: calc(var(--base) / 2) 0 calc(var(--base) / 4); font-size: 1rem; }
.ml-attention__card ul { margin: 0; padding-left: 1.1rem; }
.ml-attention__card li { margin: 0 0 calc(var(--base) / 4); }
.ml-attention__card p { margin: 0 0 calc(var(--base) / 4); }
.ml-attention__meta, .ml-attention__empty { color: var(--theme-elevation-600); }
.ml-attention__cancelled > a { text-decoration: line-through; }
.ml-attention__tag { color: var(--theme-error-500); }
.ml-attention__money { display: grid; grid-template-columns: auto 1fr; gap: 0 var(--base); margin: 0; }
.ml-attention__money dd { margin: 0; }
.ml-attention__error { color: var(--theme-error-500); margin: 0 0 var(--base); }
`
