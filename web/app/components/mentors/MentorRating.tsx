import { type MentorRating as Rating, ratingLine } from '@mentorloop/shared'

/** A mentor's rating on a card or profile: "4.7 out of 5 (12 ratings)" from 3 ratings, "New mentor" before. */
export function MentorRating({ rating, className = '' }: { rating: Rating | undefined; className?: string }) {
  const r = rating ?? null
  return (
    <p className={`text-sm font-semibold text-slate-800 ${className}`} data-testid="mentor-rating">
      {r ? (
        <>
          <span aria-hidden="true" className="text-amber-700">
            ★{' '}
          </span>
          {ratingLine(r)}
        </>
      ) : (
        <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-700">{ratingLine(null)}</span>
      )}
    </p>
  )
}
