import { DAY_MS, formatDate, type NoticeView, nowMs } from '@mentorloop/shared'

/**
 * What changed for the student without their doing it, newest first (the same words as the e-mail
 * they got): a seat released by a refund, a hold that expired, a credit refunded. Nothing changes
 * in silence (docs/decisions/069). Shown for 30 days.
 */
export function Notices({ notices }: { notices: NoticeView[] }) {
  const recent = notices.filter((n) => nowMs() - Date.parse(n.createdAt) < 30 * DAY_MS)
  if (recent.length === 0) return null
  return (
    <section aria-labelledby="notices-heading" className="mb-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <h2 id="notices-heading" className="text-xl font-semibold">
        What changed
      </h2>
      <ul className="mt-3 space-y-3" data-testid="notices">
        {recent.map((n) => (
          <li key={n.id} className="border-l-4 border-amber-400 pl-3">
            <p className="font-semibold">
              {n.title} <span className="text-sm font-normal text-slate-600">· {formatDate(n.createdAt)}</span>
            </p>
            {n.body.split('\n\n').map((p) => (
              <p key={p} className="mt-1 text-sm text-slate-700">
                {p}
              </p>
            ))}
          </li>
        ))}
      </ul>
    </section>
  )
}
