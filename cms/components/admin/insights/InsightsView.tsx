import { formatIst, formatRupees, now } from '@mentorloop/shared'
import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import {
  type Column,
  filtersToParams,
  type InsightRow,
  type InsightsFilters,
  type InsightsPage,
  type InsightTable,
  type InsightView,
  insightViewsFor,
  loadInsightsPage,
  monthKey,
  monthsOf,
  PLAN_CODES,
  seatsByMonth,
  VIEW_INFO,
} from '../../../services/insights'
import InsightsChart, { type ChartProps } from './InsightsChart'

/**
 * /admin/insights (issue 35; docs/decisions/199-insights.md): the business at a glance, in the
 * admin's own frame. A plain GET form filters it (works without JavaScript); each view has a chart,
 * the same figures as a table beneath it, and a CSV link. Which views load is decided here on the
 * server from the signed-in user (`insightViewsFor`): staff never receive the money views' figures.
 */
export const SEAT_ROWS_ON_PAGE = 50

export default async function InsightsView({ initPageResult, params, searchParams }: AdminViewServerProps) {
  const { req, permissions, visibleEntities, locale } = initPageResult
  const user = req.user
  const admin = req.payload.config.routes.admin
  const api = req.payload.config.routes.api
  const frame = (children: React.ReactNode) => (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      searchParams={searchParams}
      user={user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <Gutter className="ml-insights">
        <style>{CSS}</style>
        <h1>Insights</h1>
        {children}
      </Gutter>
    </DefaultTemplate>
  )
  if (insightViewsFor(user).length === 0) {
    return frame(<p role="status">Insights are for admins and marketing staff. Ask an admin if you need these figures.</p>)
  }

  let page: InsightsPage
  try {
    page = await loadInsightsPage(req, searchParams ?? {}, now(), { fresh: searchParams?.fresh === '1' })
  } catch (error) {
    req.payload.logger.error({ err: error }, 'insights: reading the figures failed')
    return frame(
      <p className="ml-insights__error" role="status">
        The figures could not be loaded just now (the database did not answer). Reload the page to try again.
      </p>,
    )
  }
  const { filters, tables, mentors, filterError, readAt } = page
  const query = filtersToParams(filters).toString()
  const range = monthsOf(filters)
  const rangeText = range.length === 1 ? range[0]!.label : `${range[0]!.label} to ${range[range.length - 1]!.label}`
  return frame(
    <>
      <p className="ml-insights__lead">
        {rangeText}, India time
        {filters.mentorId ? `, ${mentors.find((m) => m.id === filters.mentorId)?.name ?? 'one mentor'}` : ''}
        {filters.planCode ? `, plan ${filters.planCode}` : ''}.
      </p>
      {readAt && (
        <p className="ml-insights__hint" data-testid="insights-read-at">
          Figures as of {formatIst(readAt)}; they are read again after a minute.{' '}
          <a href={`${admin}/insights?${query}&fresh=1`}>Read them again now</a>
        </p>
      )}
      <form className="ml-insights__filters" method="get" action={`${admin}/insights`} aria-label="Filter the figures">
        <div>
          <label htmlFor="ml-insights-from">First month</label>
          <input
            id="ml-insights-from"
            name="from"
            type="month"
            defaultValue={monthKey(filters.from)}
            aria-describedby="ml-insights-month-hint"
          />
        </div>
        <div>
          <label htmlFor="ml-insights-to">Last month</label>
          <input id="ml-insights-to" name="to" type="month" defaultValue={monthKey(filters.to)} aria-describedby="ml-insights-month-hint" />
        </div>
        <div>
          <label htmlFor="ml-insights-mentor">Mentor</label>
          <select id="ml-insights-mentor" name="mentor" defaultValue={filters.mentorId ? String(filters.mentorId) : ''}>
            <option value="">All mentors</option>
            {mentors.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ml-insights-plan">Plan</label>
          <select id="ml-insights-plan" name="plan" defaultValue={filters.planCode ?? ''}>
            <option value="">All plans</option>
            {PLAN_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--style-primary btn--size-medium">
          Show
        </button>
        <p id="ml-insights-month-hint" className="ml-insights__hint">
          Months as YYYY-MM, at most 24 at a time.
        </p>
      </form>
      {filterError && (
        <p className="ml-insights__error" role="alert">
          {filterError} Showing the last six months instead.
        </p>
      )}
      <nav aria-label="Insights views" className="ml-insights__toc">
        <ul>
          {tables.map((t) => (
            <li key={t.view}>
              <a href={`#insight-${t.view}`}>{t.title}</a>
            </li>
          ))}
        </ul>
      </nav>
      {tables.map((t) => (
        <ViewSection key={t.view} table={t} filters={filters} csvHref={`${api}/insights/${t.view}.csv?${query}`} />
      ))}
    </>,
  )
}

function ViewSection({ table, filters, csvHref }: { table: InsightTable; filters: InsightsFilters; csvHref: string }) {
  const info = VIEW_INFO[table.view]
  const ignored = [filters.mentorId && !info.mentor ? 'mentor' : null, filters.planCode && !info.plan ? 'plan' : null].filter(Boolean)
  const headingId = `insight-${table.view}`
  const shown = table.view === 'seats' ? table.rows.slice(0, SEAT_ROWS_ON_PAGE) : table.rows
  return (
    <section className="ml-insights__view" aria-labelledby={headingId} data-testid={`insight-${table.view}`}>
      <div className="ml-insights__head">
        <h2 id={headingId}>{table.title}</h2>
        <a className="ml-insights__csv" href={csvHref} download>
          Download CSV<span className="ml-insights__sr"> of {table.title.toLowerCase()}</span>
        </a>
      </div>
      <p className="ml-insights__about">
        {info.about}
        {ignored.length > 0 ? ` The ${ignored.join(' and ')} filter does not apply here.` : ''}
        {info.audience === 'admin' ? ' Admins only.' : ''}
      </p>
      {table.facts?.map((f) => (
        <p key={f.label} className="ml-insights__fact">
          {f.label}: <strong>{f.value.toLocaleString('en-IN')}</strong>
        </p>
      ))}
      <InsightsChart {...chartFor(table, filters)} />
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboard users scroll it by focusing it (axe: scrollable-region-focusable) */}
      <section className="ml-insights__table" aria-labelledby={`${headingId}-caption`} tabIndex={0}>
        <table>
          <caption id={`${headingId}-caption`}>
            {table.title}: the figures in the chart
            {shown.length < table.rows.length ? ` (the ${shown.length} newest of ${table.rows.length} batches; the CSV has them all)` : ''}
          </caption>
          <thead>
            <tr>
              {table.columns.map((c) => (
                <th key={c.key} scope="col" className={numeric(c) ? 'ml-insights__num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length}>Nothing in these months.</td>
              </tr>
            ) : (
              shown.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are a fixed, ordered read-only list
                <tr key={i}>
                  {table.columns.map((c, j) =>
                    j === 0 ? (
                      <th key={c.key} scope="row">
                        {cell(c, r[c.key] ?? null)}
                      </th>
                    ) : (
                      <td key={c.key} className={numeric(c) ? 'ml-insights__num' : undefined}>
                        {cell(c, r[c.key] ?? null)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
    </section>
  )
}

const numeric = (c: Column) => c.kind !== 'text' && c.kind !== 'month'

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
/** "2027-03" as "March 2027" (the table) or "Mar 27" (a chart's axis, short enough for a phone). */
export function monthName(key: string, short = false): string {
  const [y, m] = key.split('-').map(Number)
  const name = MONTHS[(m ?? 1) - 1] ?? key
  return short ? `${name.slice(0, 3)} ${String(y).slice(2)}` : `${name} ${y}`
}

function cell(c: Column, v: string | number | null): string {
  if (v === null) return '—'
  switch (c.kind) {
    case 'month':
      return monthName(String(v))
    case 'paise': {
      const n = Number(v)
      return `${n < 0 ? '−' : ''}${formatRupees(Math.abs(n) / 100)}`
    }
    case 'percent':
      return `${v}%`
    case 'days':
      return `${v} ${Number(v) === 1 ? 'day' : 'days'}`
    case 'stars':
      return Number(v).toFixed(2)
    case 'count':
      return Number(v).toLocaleString('en-IN')
    default:
      return String(v)
  }
}

const byMonth = (rows: InsightRow[], pick: (r: InsightRow) => Record<string, number | null>) =>
  rows.map((r) => ({ month: monthName(String(r.month), true), ...pick(r) }))

/** What each view's chart draws (plain data: a client component takes no functions). */
function chartFor(table: InsightTable, filters: InsightsFilters): ChartProps {
  const rupees = (v: unknown) => Number(v ?? 0) / 100
  switch (table.view as InsightView) {
    case 'revenue':
      return {
        xKey: 'month',
        format: 'rupees',
        data: byMonth(table.rows, (r) => ({ paid: rupees(r.paid), refunded: rupees(r.refunded), net: rupees(r.net) })),
        series: [
          { key: 'paid', label: 'Paid', type: 'bar', colour: 1 },
          { key: 'refunded', label: 'Refunded', type: 'bar', colour: 2 },
          { key: 'net', label: 'Net', type: 'line', colour: 3 },
        ],
      }
    case 'refunds':
      return {
        xKey: 'reason',
        format: 'count',
        horizontal: true,
        data: table.rows.map((r) => ({ reason: shorten(String(r.reason)), requests: Number(r.requests), refunded: Number(r.refunded) })),
        series: [
          { key: 'requests', label: 'Requests', type: 'bar', colour: 1 },
          { key: 'refunded', label: 'Refunded', type: 'bar', colour: 2 },
        ],
      }
    case 'seats':
      return {
        xKey: 'month',
        format: 'percent',
        max: 100,
        data: byMonth(seatsByMonth(table, filters), (r) => ({ filled: r.filled as number | null })),
        series: [{ key: 'filled', label: 'Seats filled (%)', type: 'bar', colour: 1 }],
      }
    case 'waitlist':
      return {
        xKey: 'month',
        format: 'count',
        data: byMonth(table.rows, (r) => ({ joined: Number(r.joined), seated: Number(r.seated) })),
        series: [
          { key: 'joined', label: 'Joined', type: 'bar', colour: 1 },
          { key: 'seated', label: 'Got a seat', type: 'bar', colour: 3 },
        ],
      }
    case 'renewals':
      return {
        xKey: 'month',
        format: 'count',
        data: byMonth(table.rows, (r) => ({ seated: Number(r.seated), continued: Number(r.continued) })),
        series: [
          { key: 'seated', label: 'Students seated', type: 'bar', colour: 1 },
          { key: 'continued', label: 'Seated next month', type: 'bar', colour: 3 },
        ],
      }
    case 'ratings':
      return {
        xKey: 'month',
        format: 'count',
        rightFormat: 'stars',
        data: byMonth(table.rows, (r) => ({ ratings: Number(r.ratings), average: r.average === null ? null : Number(r.average) })),
        series: [
          { key: 'ratings', label: 'Ratings', type: 'bar', colour: 1 },
          { key: 'average', label: 'Average stars', type: 'line', axis: 'right', colour: 2 },
        ],
      }
    case 'students':
      return {
        xKey: 'month',
        format: 'count',
        data: byMonth(table.rows, (r) => ({ newStudents: Number(r.newStudents), firstPurchases: Number(r.firstPurchases) })),
        series: [
          { key: 'newStudents', label: 'New students', type: 'bar', colour: 1 },
          { key: 'firstPurchases', label: 'First purchases', type: 'bar', colour: 3 },
        ],
      }
  }
}

const shorten = (s: string) => (s.length > 26 ? `${s.slice(0, 25)}…` : s)

/** Payload's theme variables (light and dark); the chart colours keep 3:1 against either background. */
const CSS = `
.ml-insights { padding-bottom: calc(var(--base) * 3); --ml-chart-1: #2563eb; --ml-chart-2: #c2410c; --ml-chart-3: #15803d; }
html[data-theme='dark'] .ml-insights { --ml-chart-1: #60a5fa; --ml-chart-2: #fb923c; --ml-chart-3: #4ade80; }
.ml-insights h1 { margin: var(--base) 0 calc(var(--base) / 2); }
.ml-insights__lead, .ml-insights__about, .ml-insights__hint { color: var(--theme-elevation-700); }
.ml-insights__filters { display: flex; flex-wrap: wrap; gap: calc(var(--base) / 2) var(--base); align-items: flex-end; margin: var(--base) 0; }
.ml-insights__filters > div { display: flex; flex-direction: column; gap: 4px; min-width: min(100%, 11rem); }
.ml-insights__filters input, .ml-insights__filters select { min-height: 40px; padding: 0 8px; border: 1px solid var(--theme-elevation-250); border-radius: var(--style-radius-s, 3px); background: var(--theme-input-bg, var(--theme-elevation-0)); color: var(--theme-text); font: inherit; max-width: 100%; }
.ml-insights__filters button { margin: 0; }
.ml-insights__hint { flex-basis: 100%; margin: 0; font-size: 0.85rem; }
.ml-insights__toc ul { display: flex; flex-wrap: wrap; gap: 4px var(--base); padding: 0; margin: 0 0 var(--base); list-style: none; }
.ml-insights__view { border-top: 1px solid var(--theme-elevation-150); padding-top: var(--base); margin-top: calc(var(--base) * 1.5); min-width: 0; }
.ml-insights__head { display: flex; flex-wrap: wrap; gap: calc(var(--base) / 2); justify-content: space-between; align-items: baseline; }
.ml-insights__head h2 { margin: 0; font-size: 1.4rem; }
/* The chart's picture is drawn at the width last measured (ResizeObserver); until it catches up with a narrower window, it is clipped, never the page made to scroll sideways. */
.ml-insights__chart { width: 100%; min-width: 0; overflow: hidden; min-height: 220px; margin: calc(var(--base) / 2) 0; }
.ml-insights__table { overflow-x: auto; max-width: 100%; }
.ml-insights__table:focus-visible { outline: 2px solid var(--theme-success-500); }
.ml-insights table { border-collapse: collapse; width: 100%; font-size: 0.95rem; }
.ml-insights caption { text-align: left; padding-bottom: 6px; color: var(--theme-elevation-700); }
.ml-insights th, .ml-insights td { border-bottom: 1px solid var(--theme-elevation-150); padding: 6px 10px 6px 0; text-align: left; white-space: nowrap; }
.ml-insights th[scope='row'] { font-weight: 500; white-space: normal; min-width: 8rem; }
.ml-insights .ml-insights__num { text-align: right; font-variant-numeric: tabular-nums; }
.ml-insights__error { color: var(--theme-error-500); }
.ml-insights__sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`
