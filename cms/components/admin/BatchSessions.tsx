import { formatDateRange, LAYOUT_DAYS, SESSIONS_PER_LAYOUT } from '@mentorloop/shared'
import type { UIFieldServerProps } from 'payload'
import { checkRole } from '../../access/checkRole'
import { getBatch } from '../../services/batches/batches'
import { noShowsOfBatch } from '../../services/sessions/attendance'
import LayoutSessionsForm from './LayoutSessionsForm'
import { ADMIN_TOOL_CSS } from './RefundDecision'

/**
 * A batch in /admin (a UI field, admins only): its no-shows (students marked absent, how often, of
 * how many marked sessions, and the started sessions nobody marked), each student linked to their
 * account; and "Lay out the sessions" (POST /api/batches/:id/layout-sessions, the same service
 * the mentor's home uses, with a preview before anything is created).
 */
export default async function BatchSessions({ id, req }: UIFieldServerProps) {
  if (id === undefined || id === null || !checkRole(req.user, 'admin')) return null
  const batch = await getBatch(req, Number(id))
  if (!batch) return null
  const noShows = await noShowsOfBatch(req, batch.id)
  const canLayout = batch.status === 'open' || batch.status === 'running'
  return (
    <section className="ml-grant" aria-labelledby="ml-noshows-title" data-testid="batch-sessions">
      <style>{ADMIN_TOOL_CSS + CSS}</style>
      <h3 id="ml-noshows-title">No-shows</h3>
      {noShows.rows.length === 0 ? (
        <p data-testid="no-shows-empty">Nobody in {batch.label} has been marked absent.</p>
      ) : (
        <table className="ml-table" data-testid="no-shows">
          <caption className="field-description">Students marked absent in {batch.label}, most absences first.</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Absent</th>
              <th scope="col">Of marked sessions</th>
            </tr>
          </thead>
          <tbody>
            {noShows.rows.map((r) => (
              <tr key={r.userId}>
                <td>
                  <a href={`/admin/collections/users/${r.userId}`}>{r.name ? `${r.name} · ${r.email}` : r.email}</a>
                </td>
                <td>{r.absences}</td>
                <td>{r.marked}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p data-testid="unmarked-sessions">
        {noShows.unmarked === 0
          ? 'Every session that has started has its attendance marked.'
          : `${noShows.unmarked} started session${noShows.unmarked === 1 ? ' has' : 's have'} no attendance marked yet. `}
        <a href={`/admin/collections/session-attendance?where[batch][equals]=${batch.id}`}>See all marks of this batch</a>
      </p>
      <h3 id="ml-layout-title">Lay out the sessions</h3>
      {canLayout ? (
        <>
          <p className="field-description">
            {SESSIONS_PER_LAYOUT} sessions on the chosen weekend days of {formatDateRange(batch.startsOn, batch.endsOn)}, India time. You
            see the dates before they are created; the batch’s students are e-mailed.
          </p>
          <LayoutSessionsForm batchId={batch.id} days={Object.entries(LAYOUT_DAYS).map(([value, d]) => ({ value, name: d.name }))} />
        </>
      ) : (
        <p>The batch is {batch.status}: sessions are laid out in an open or running batch.</p>
      )}
    </section>
  )
}

const CSS = `
.ml-table { border-collapse: collapse; width: 100%; margin: calc(var(--base) / 2) 0; }
.ml-table caption { text-align: left; }
.ml-table th, .ml-table td { text-align: left; padding: calc(var(--base) / 4) calc(var(--base) / 2); border-bottom: 1px solid var(--theme-elevation-150); }
.ml-layout { display: grid; gap: calc(var(--base) / 2); max-width: 36rem; }
.ml-layout input[type='time'], .ml-layout input[type='number'], .ml-layout input[type='url'], .ml-layout input[type='date'] { width: 100%; font: inherit; padding: calc(var(--base) / 3); border: 1px solid var(--theme-elevation-400); border-radius: var(--style-radius-s, 3px); background: var(--theme-input-bg, var(--theme-elevation-0)); color: var(--theme-text); }
.ml-layout fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: var(--base); }
.ml-layout ol { margin: 0; padding-left: 1.25rem; }
`
