import { useCallback, useEffect, useId, useState } from 'react'

export type TestimonialItem = { id: number | string; name: string; role: string | null; text: string }

export const CAROUSEL_INTERVAL_MS = 5_000

/**
 * The hero's testimonials (WAI-ARIA APG carousel): previous/next, auto-advance every 5 s that
 * pauses on hover and on focus, a Pause control (WCAG 2.2.2), no auto-advance under
 * prefers-reduced-motion. The slide region is announced politely whenever it is not rotating on
 * its own, so screen readers hear a slide the user chose without being interrupted every 5 s.
 */
export function TestimonialCarousel({ items }: { items: TestimonialItem[] }) {
  const [index, setIndex] = useState(0)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [paused, setPaused] = useState(false)
  const [reducedMotion, setReducedMotion] = useState(true)
  const regionId = useId()
  const count = items.length

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)')
    setReducedMotion(query.matches)
    const onChange = () => setReducedMotion(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  const rotating = count > 1 && !paused && !reducedMotion && !hovered && !focused
  useEffect(() => {
    if (!rotating) return
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS)
    return () => clearInterval(timer)
  }, [rotating, count])

  const go = useCallback((delta: number) => setIndex((i) => (i + delta + count) % count), [count])

  if (count === 0) return null
  const current = Math.min(index, count - 1)

  return (
    <section
      aria-roledescription="carousel"
      aria-label="What students say"
      className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false)
      }}
      data-testid="testimonials"
    >
      <div id={regionId} aria-live={rotating ? 'off' : 'polite'} aria-atomic="true" className="min-h-52">
        {items.map((t, i) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA APG carousel names each slide as a group
          <figure
            key={t.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            hidden={i !== current}
            data-active={i === current ? 'true' : undefined}
          >
            <blockquote className="text-slate-800">
              <p>“{t.text}”</p>
            </blockquote>
            <figcaption className="mt-4">
              <span className="block font-semibold text-slate-900">{t.name}</span>
              {t.role ? <span className="block text-sm text-slate-600">{t.role}</span> : null}
            </figcaption>
          </figure>
        ))}
      </div>
      {count > 1 ? (
        <div className="mt-5 flex items-center gap-2">
          <button
            type="button"
            onClick={() => go(-1)}
            aria-controls={regionId}
            className="grid size-10 place-items-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100"
          >
            <span aria-hidden="true">←</span>
            <span className="sr-only">Previous testimonial</span>
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-controls={regionId}
            className="grid size-10 place-items-center rounded-full border border-slate-300 text-slate-700 hover:bg-slate-100"
          >
            <span aria-hidden="true">→</span>
            <span className="sr-only">Next testimonial</span>
          </button>
          {reducedMotion ? null : (
            <button
              type="button"
              onClick={() => setPaused((p) => !p)}
              className="ml-1 rounded-full px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {paused ? 'Play' : 'Pause'}
              <span className="sr-only"> testimonials</span>
            </button>
          )}
          <p className="ml-auto text-sm text-slate-600" aria-hidden="true">
            {current + 1} / {count}
          </p>
        </div>
      ) : null}
    </section>
  )
}
