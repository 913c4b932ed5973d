import { qbAnswerSchema } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { type AnswerResult, CHOOSE_AN_ANSWER } from '~/components/questionBank/practice'
import { QuestionCard } from '~/components/questionBank/QuestionCard'
import { ScoreBoard } from '~/components/questionBank/ScoreBoard'
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
