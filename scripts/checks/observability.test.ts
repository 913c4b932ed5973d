/**
 * The dashboard and the alert rules in deploy/ watch metrics the processes export: every
 * `mentorloop_*` name they use is declared in the code (prom-client's `name:`), so renaming a
 * metric without its dashboard or alert fails here rather than going quiet in production.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SKIP = new Set(['node_modules', '.next', 'build', 'dist', '.cache', 'tests'])

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return SKIP.has(e.name) ? [] : sources(full)
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.test.ts') ? [full] : []
  })
}

const declared = new Set(
  ['cms', 'web/app']
    .flatMap((d) => sources(path.join(ROOT, d)))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/name: '(mentorloop_\w+)'/g)].map((m) => m[1]!)),
)
const used = (text: string) => new Set([...text.matchAll(/\b(mentorloop_\w+?)(?:_bucket|_sum|_count)?\b/g)].map((m) => m[1]!))

describe('deploy/ watches what the code exports', () => {
  it('declares the metrics the issue asks for', () => {
    for (const name of [
      'mentorloop_http_requests_total',
      'mentorloop_http_request_duration_seconds',
      'mentorloop_db_pool_connections',
      'mentorloop_outbox_messages',
      'mentorloop_outbox_oldest_queued_age_seconds',
      'mentorloop_jobs',
      'mentorloop_jobs_oldest_due_age_seconds',
      'mentorloop_worker_heartbeat_age_seconds',
      'mentorloop_refunds',
      'mentorloop_payment_verifications_total',
      'mentorloop_seat_decisions_total',
      'mentorloop_rate_limit_refusals_total',
    ])
      expect(declared.has(name), name).toBe(true)
  })

  it('the alert rules use declared metrics and cover the heartbeat, the outbox, failed refunds and 5xx', () => {
    const text = readFileSync(path.join(ROOT, 'deploy/alerts.yml'), 'utf8')
    const rules = (parse(text) as { groups: { rules: { alert: string; expr: string }[] }[] }).groups.flatMap((g) => g.rules)
    for (const name of used(text)) expect(declared.has(name), name).toBe(true)
    const exprOf = (alert: string) => rules.find((r) => r.alert === alert)?.expr ?? ''
    expect(exprOf('WorkerHeartbeatStale')).toMatch(/mentorloop_worker_heartbeat_age_seconds\) > 120/)
    expect(exprOf('EmailBacklog')).toMatch(/mentorloop_outbox_oldest_queued_age_seconds\) > 600/)
    expect(exprOf('RefundFailed')).toMatch(/mentorloop_refunds\{state="failed"\}/)
    expect(exprOf('ServerErrors')).toMatch(/status=~"5\.\."/)
  })

  it('the dashboard is valid JSON and uses declared metrics', () => {
    const text = readFileSync(path.join(ROOT, 'deploy/grafana-dashboard.json'), 'utf8')
    const dashboard = JSON.parse(text) as { panels: { targets: { expr: string }[] }[] }
    expect(dashboard.panels.length).toBeGreaterThan(10)
    for (const name of used(text)) expect(declared.has(name), name).toBe(true)
  })
})
