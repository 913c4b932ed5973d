import { formatTopicScore, type QbTopicScore } from '@mentorloop/shared'

/** The student's score per topic on the practice page. */
export function ScoreBoard({ scores }: { scores: QbTopicScore[] }) {
  return (
    <section aria-labelledby="qb-score-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5" data-testid="qb-scores">
      <h2 id="qb-score-heading" className="text-lg font-bold">
        Your score
      </h2>
      {scores.length === 0 ? (
        <p className="mt-2 text-slate-600">Answer a question to start your score.</p>
      ) : (
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {scores.map((s) => (
            <li key={s.topic} data-testid="qb-score">
              <span className="font-semibold">{s.topic}:</span> {formatTopicScore(s)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
