import type { QbPracticeQuestion } from '@mentorloop/shared'
import { useFetcher } from '@remix-run/react'
import { useState } from 'react'
import { type AnswerResult, CHOOSE_AN_ANSWER } from './practice'

const letter = (i: number) => String.fromCharCode(65 + i)

/** One practice question: its options as a radio group, "Check answer", then its result and solutions. */
export function QuestionCard({ question: q, number }: { question: QbPracticeQuestion; number: number }) {
  const headingId = `q-${q.id}`
  const fetcher = useFetcher<AnswerResult>()
  const answer = q.answer
  // "Check answer" with nothing chosen says so (the browser's own bubble for `required` is easy to
  // miss and says nothing to a screen reader); without JavaScript the action answers the same.
  const [unanswered, setUnanswered] = useState(false)
  const error = unanswered ? CHOOSE_AN_ANSWER : fetcher.data && !fetcher.data.ok && fetcher.state === 'idle' ? fetcher.data.error : null
  const checking = fetcher.state !== 'idle'
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        data-testid="qb-question"
        data-question-id={q.id}
      >
        <h2 id={headingId} className="text-sm font-semibold text-slate-600">
          Question {number} · {q.exam} {q.year} · {q.topic}
        </h2>
        <p className="mt-2 whitespace-pre-line text-slate-900">{q.question}</p>
        <fetcher.Form
          method="post"
          noValidate
          className="mt-4"
          aria-describedby={error ? `${headingId}-error` : undefined}
          onSubmit={(event) => {
            const chosen = new FormData(event.currentTarget).get('chosenOption')
            setUnanswered(!chosen)
            if (!chosen) event.preventDefault()
          }}
          onChange={() => setUnanswered(false)}
        >
          <input type="hidden" name="questionId" value={q.id} />
          <fieldset disabled={Boolean(answer) || checking}>
            <legend className="sr-only">Your answer to question {number}</legend>
            <ul className="space-y-2">
              {q.options.map((o, i) => {
                const value = i + 1
                const isCorrect = answer ? answer.correctOption === value : false
                const isChosen = answer ? answer.chosenOption === value : false
                const tone = !answer
                  ? 'border-slate-300 hover:bg-slate-50'
                  : isCorrect
                    ? 'border-green-700 bg-green-50'
                    : isChosen
                      ? 'border-red-700 bg-red-50'
                      : 'border-slate-200'
                return (
                  <li key={value}>
                    <label className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 ${tone}`}>
                      <input
                        type="radio"
                        name="chosenOption"
                        value={value}
                        defaultChecked={isChosen}
                        className="mt-1 size-4 accent-brand-700"
                      />
                      <span className="min-w-0 break-words">
                        <span className="font-semibold">{letter(i)}.</span> {o.text}
                        {answer && isCorrect ? <span className="ml-2 font-semibold text-green-800">(correct answer)</span> : null}
                        {answer && isChosen && !isCorrect ? <span className="ml-2 font-semibold text-red-800">(your answer)</span> : null}
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          </fieldset>
          {answer ? null : (
            <button
              type="submit"
              disabled={checking}
              className="mt-4 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
            >
              {checking ? 'Checking…' : 'Check answer'}
            </button>
          )}
          {error ? (
            <p id={`${headingId}-error`} role="alert" className="mt-3 font-medium text-red-800" data-testid="qb-answer-error">
              {error}
            </p>
          ) : null}
        </fetcher.Form>
        <div aria-live="polite">
          {answer ? (
            <div className="mt-4" data-testid="qb-result" data-correct={answer.correct ? 'true' : 'false'}>
              <p className={`font-bold ${answer.correct ? 'text-green-800' : 'text-red-800'}`}>
                {answer.correct
                  ? `Correct! The answer is ${letter(answer.correctOption - 1)}.`
                  : `Not quite. You chose ${letter(answer.chosenOption - 1)}; the answer is ${letter(answer.correctOption - 1)}.`}
              </p>
              <div className="mt-3 rounded-lg bg-slate-50 p-3">
                <h3 className="text-sm font-semibold text-slate-700">Solution</h3>
                <p className="mt-1 whitespace-pre-line text-slate-800" data-testid="qb-solution">
                  {answer.solution}
                </p>
                {answer.toppersSolution ? (
                  <div className="mt-3 border-t border-slate-200 pt-3" data-testid="qb-toppers-solution">
                    <h3 className="text-sm font-semibold text-slate-700">Toppers’ solution</h3>
                    <p className="mt-1 whitespace-pre-line text-slate-800">{answer.toppersSolution}</p>
                  </div>
                ) : null}
              </div>
              {answer.videoUrl ? (
                <p className="mt-3">
                  <a
                    href={answer.videoUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-semibold text-brand-700 underline hover:text-brand-900"
                    data-testid="qb-video-solution"
                  >
                    Watch the video solution<span className="sr-only"> for question {number} (opens in a new tab)</span>
                  </a>
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      </article>
    </li>
  )
}
