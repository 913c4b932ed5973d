import { useEffect, useRef } from 'react'

export type Feature = { id?: string | null; title: string; description: string }

/** docs/spec.md §9: the strip moves 1.5 px per animation frame. */
export const STRIP_PX_PER_FRAME = 1.5

/**
 * The six feature cards, scrolling continuously. Pauses while hovered, touched or holding focus;
 * still (and scrollable by hand) under prefers-reduced-motion or without JavaScript. The moving
 * copy is a duplicate hidden from assistive technology, so each card is read once.
 */
export function FeatureStrip({ features }: { features: Feature[] }) {
  const viewport = useRef<HTMLDivElement>(null)
  const track = useRef<HTMLDivElement>(null)
  const copy = useRef<HTMLUListElement>(null)

  useEffect(() => {
    const vp = viewport.current
    const tr = track.current
    const first = copy.current
    if (!vp || !tr || !first || features.length === 0) return
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)')
    let frame = 0
    let offset = 0
    let hold = 0
    const pause = () => hold++
    const resume = () => (hold = Math.max(0, hold - 1))
    // One copy's width plus the gap between the copies (gap-4): where the loop starts over.
    let width = 0
    let frames = 0
    const step = () => {
      if (hold === 0) {
        if (frames++ % 60 === 0) width = first.offsetWidth + 16
        offset += STRIP_PX_PER_FRAME
        if (width > 0 && offset >= width) offset -= width
        tr.style.transform = `translate3d(${-offset}px,0,0)`
      }
      frame = requestAnimationFrame(step)
    }
    const start = () => {
      cancelAnimationFrame(frame)
      if (motion.matches) {
        vp.dataset.moving = 'false'
        tr.style.transform = ''
        return
      }
      vp.dataset.moving = 'true'
      frame = requestAnimationFrame(step)
    }
    const onTouchEnd = () => setTimeout(resume, 1500)
    vp.addEventListener('mouseenter', pause)
    vp.addEventListener('mouseleave', resume)
    vp.addEventListener('touchstart', pause, { passive: true })
    vp.addEventListener('touchend', onTouchEnd)
    vp.addEventListener('focusin', pause)
    vp.addEventListener('focusout', resume)
    motion.addEventListener('change', start)
    start()
    return () => {
      cancelAnimationFrame(frame)
      vp.removeEventListener('mouseenter', pause)
      vp.removeEventListener('mouseleave', resume)
      vp.removeEventListener('touchstart', pause)
      vp.removeEventListener('touchend', onTouchEnd)
      vp.removeEventListener('focusin', pause)
      vp.removeEventListener('focusout', resume)
      motion.removeEventListener('change', start)
    }
  }, [features.length])

  if (features.length === 0) return null
  const card = (f: Feature) => (
    <li key={f.id ?? f.title} className="w-72 shrink-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h3 className="font-semibold text-slate-900">{f.title}</h3>
      <p className="mt-2 text-sm text-slate-700">{f.description}</p>
    </li>
  )
  return (
    <section aria-labelledby="features-heading" className="border-y border-slate-200 bg-slate-50 py-10">
      <h2 id="features-heading" className="sr-only">
        What you get
      </h2>
      <div
        ref={viewport}
        data-testid="feature-strip"
        data-moving="false"
        // When still (reduced motion, no JavaScript) the strip scrolls sideways: keyboard users reach it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
        tabIndex={0}
        className="group overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 data-[moving=true]:overflow-hidden"
      >
        <div ref={track} className="flex w-max gap-4 px-4 will-change-transform">
          <ul ref={copy} className="flex gap-4">
            {features.map(card)}
          </ul>
          <ul aria-hidden="true" className="hidden gap-4 group-data-[moving=true]:flex">
            {features.map((f) => card({ ...f, id: `dup-${f.id ?? f.title}` }))}
          </ul>
        </div>
      </div>
    </section>
  )
}
