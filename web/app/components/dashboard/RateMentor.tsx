import { COLLEGE_YEARS, formatDate, RATING_COMMENT_MAX, type RatingCard } from '@mentorloop/shared'
import { Form } from '@remix-run/react'
import { primaryButton } from '~/components/buttons'

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const

/**
 * "Rate your mentor" (docs/decisions/108): one card per batch the student may rate now (from the
 * end of their first attended session until the batch ends), with their rating to change when
 * they gave one. A plain form: works without JavaScript.
 */
export function RateMentor({ cards }: { cards: RatingCard[] }) {
  if (cards.length === 0) return null
  return (
    <section
      id="rate-mentor"
      aria-labelledby="rate-heading"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="rate-mentor"
    >
      <h2 id="rate-heading" className="text-xl font-semibold">
        Rate your mentor
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your rating helps other students choose. Other students never see your surname or e-mail.
      </p>
      {cards.map((card) => (
        // Keyed on the saved rating too: after a save the form starts again from what was saved.
        <RateForm key={`${card.batchId}:${JSON.stringify(card.rating)}`} card={card} />
      ))}
    </section>
  )
}

function RateForm({ card }: { card: RatingCard }) {
  const r = card.rating
  const idp = `rate-${card.batchId}`
  return (
    <Form method="post" preventScrollReset className="mt-5 border-t border-slate-200 pt-4" aria-labelledby={`${idp}-title`}>
      <input type="hidden" name="intent" value="rate" />
      <input type="hidden" name="batchId" value={card.batchId} />
      {r ? <input type="hidden" name="ratingId" value={r.id} /> : null}
      <h3 id={`${idp}-title`} className="font-semibold">
        {card.mentorName} · {card.batchLabel}
      </h3>
      <p className="text-sm text-slate-600">
        {r ? 'You can change your rating' : 'You can rate'} until {formatDate(card.openUntil)}.
      </p>
      <fieldset className="mt-3">
        <legend className="text-sm font-medium text-slate-800">Stars</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700"
            >
              <input type="radio" name="stars" value={n} required defaultChecked={r?.stars === n} className="h-4 w-4" />
              <span>
                {n} <span aria-hidden="true">★</span>
                <span className="sr-only">{n === 1 ? ' star' : ' stars'}</span>
                <span className="text-sm text-slate-600"> {STAR_WORDS[n]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={`${idp}-comment`} className="mt-4 block text-sm font-medium text-slate-800">
        Comment (optional)
      </label>
      <textarea
        id={`${idp}-comment`}
        name="comment"
        rows={3}
        maxLength={RATING_COMMENT_MAX}
        defaultValue={r?.comment ?? ''}
        aria-describedby={`${idp}-comment-help`}
        className="mt-1 w-full rounded-lg border border-slate-300 p-2"
      />
      <p id={`${idp}-comment-help`} className="text-sm text-slate-600">
        At most {RATING_COMMENT_MAX} characters.
      </p>
      <label className="mt-3 flex items-start gap-3 text-slate-800">
        <input type="checkbox" name="showComment" defaultChecked={r?.showComment ?? false} className="mt-1 h-4 w-4" />
        <span>Show my comment on the mentor’s profile, with my first name and college year only.</span>
      </label>
      <label htmlFor={`${idp}-year`} className="mt-3 block text-sm font-medium text-slate-800">
        College year (optional)
      </label>
      <select
        id={`${idp}-year`}
        name="collegeYear"
        defaultValue={r?.collegeYear ?? ''}
        className="mt-1 rounded-lg border border-slate-300 bg-white p-2"
      >
        <option value="">Not said</option>
        {COLLEGE_YEARS.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <div className="mt-4">
        <button type="submit" className={primaryButton}>
          {r ? 'Save changes' : 'Submit rating'}
        </button>
      </div>
    </Form>
  )
}
