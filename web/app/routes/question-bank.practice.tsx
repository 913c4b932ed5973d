import { formatTopicScore, type QbPracticeQuestion, type QbTopicScore, qbAnswerSchema } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useFetcher, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { Spinner } from '~/components/questionBank/Spinner'
import { CmsError } from '~/models/cms.server'
import { answerPracticeQuestion, getPracticeQuestions } from '~/models/questionBank.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'

/**
 * Practice previous-year questions. What a student sees is decided by the CMS from their plan
 * (Free: a 5-question sample; Plus: 50, topic filter, video and toppers' solutions); this page
 * only shows what came back.
 */
export const meta: MetaFunction = () => [{ title: 'Practice questions · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request)
  const topic = new URL(request.url).searchParams.get('topic')?.trim() || null
  try {
    return data({ set: await getPracticeQuestions(token, topic), notice: null as string | null }, { headers: NO_STORE })
  } catch (error) {
    if (!(error instanceof CmsError)) throw error
    // A topic the plan does not include, or one that does not exist: say so, show the rest.
    if (topic && (error.status === 400 || error.status === 403)) {
      try {
        return data({ set: await getPracticeQuestions(token, null), notice: error.message }, { headers: NO_STORE })
      } catch {
        // fall through to the error below
      }
    }
    throw data('The questions could not be loaded right now. Please try again in a moment.', { status: 503, headers: NO_STORE })
  }
}

export const headers = () => NO_STORE

/** "Check answer" with nothing chosen, in the page and in the action's answer alike. */
const CHOOSE_AN_ANSWER = 'Choose an answer first: pick one of the options, then check it.'

type AnswerResult = { ok: true; questionId: number } | { ok: false; questionId: number | null; error: string }

/**
 * One answer per form (a radio group and "Check answer"). The CMS checks the plan and records
 * the answer; the page then reloads its questions, now with this one's result and solution.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const form = await request.formData()
  const questionId = Number(form.get('questionId')) || null
  const parsed = qbAnswerSchema.safeParse({ questionId: form.get('questionId'), chosenOption: form.get('chosenOption') ?? undefined })
  if (!parsed.success)
    return data<AnswerResult>(
      { ok: false, questionId, error: form.get('chosenOption') ? (parsed.error.issues[0]?.message ?? CHOOSE_AN_ANSWER) : CHOOSE_AN_ANSWER },
      { status: 400, headers: NO_STORE },
    )
  try {
    await answerPracticeQuestion(token, parsed.data)
    return data<AnswerResult>({ ok: true, questionId: parsed.data.questionId }, { headers: NO_STORE })
  } catch (error) {
    if (!(error instanceof CmsError)) throw error
    const status = error.status >= 400 && error.status < 500 ? error.status : 502
    const message = status < 500 ? error.message : 'We could not check your answer right now. Please try again.'
    return data<AnswerResult>({ ok: false, questionId, error: message }, { status, headers: NO_STORE })
  }
}

const chip = 'inline-block rounded-full border px-3 py-1.5 text-sm font-medium'

export default function Practice() {
  const { set, notice } = useLoaderData<typeof loader>()
  const scores = set.scores ?? []
  const navigation = useNavigation()
  const { access, questions, topics, topic } = set
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/question-bank/practice'

  return (
    <PrivatePage title="Practice Questions" subtitle="Previous-year questions from engineering placement tests, with worked solutions.">
      <div
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5"
        data-testid="qb-practice-plan"
      >
        <p>
          <span className="font-semibold">{access.plan.name} plan</span>
          <span className="text-slate-700">
            {' '}
            · {questions.length} {questions.length === 1 ? 'question' : 'questions'}
            {topic ? ` in ${topic}` : ''}
          </span>
        </p>
        {loading ? <Spinner label="Loading questions…" /> : null}
        {access.isActive ? null : (
          <p className="text-sm text-slate-700">
            Plus unlocks 50 PYQs, topic-wise practice, video and toppers’ solutions.{' '}
            <Link to="/question-bank/subscription" className="font-semibold text-brand-700 underline hover:text-brand-900">
              See plans
            </Link>
          </p>
        )}
      </div>

      <ScoreBoard scores={scores} />

      {notice ? (
        <p
          role="alert"
          className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 font-medium text-red-900"
          data-testid="qb-practice-notice"
        >
          {notice}
        </p>
      ) : null}

      {access.topicWise && topics.length > 0 ? (
        <nav aria-label="Topics" className="mt-6">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to="/question-bank/practice"
                aria-current={topic ? undefined : 'page'}
                className={`${chip} ${topic ? 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50' : 'border-brand-700 bg-brand-700 text-white'}`}
              >
                All topics
              </Link>
            </li>
            {topics.map((t) => (
              <li key={t}>
                <Link
                  to={`/question-bank/practice?${new URLSearchParams({ topic: t })}`}
                  aria-current={t === topic ? 'page' : undefined}
                  className={`${chip} ${t === topic ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'}`}
                >
                  {t}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {questions.length === 0 ? (
        <p className="mt-8 text-slate-600" data-testid="qb-empty">
          No questions here yet.
        </p>
      ) : (
        <ol className="mt-8 space-y-6" data-testid="qb-questions">
          {questions.map((q, i) => (
            <QuestionCard key={q.id} question={q} number={i + 1} />
          ))}
        </ol>
      )}
    </PrivatePage>
  )
}

function ScoreBoard({ scores }: { scores: QbTopicScore[] }) {
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

const letter = (i: number) => String.fromCharCode(65 + i)

function QuestionCard({ question: q, number }: { question: QbPracticeQuestion; number: number }) {
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
