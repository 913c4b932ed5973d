import type { HeroCopy } from '~/models/content'
import { SectionLink } from './SectionLink'
import { TestimonialCarousel, type TestimonialItem } from './TestimonialCarousel'

/** The hero, without whatever part has no content; with none at all, only the page's heading. */
export function Hero({ hero, testimonials, siteName }: { hero: HeroCopy | null; testimonials: TestimonialItem[]; siteName: string }) {
  if (!hero && testimonials.length === 0) {
    return (
      <h1 id="hero-heading" className="sr-only">
        {siteName}
      </h1>
    )
  }
  return (
    <section id="hero" aria-labelledby="hero-heading" className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[1.2fr_1fr]">
        <div>
          <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {hero?.headline ?? siteName}
          </h1>
          {hero?.subheadline ? <p className="mt-5 text-lg text-slate-700">{hero.subheadline}</p> : null}
          {hero?.refundPromise ? (
            <p className="mt-5 inline-flex rounded-full bg-emerald-50 px-4 py-1.5 font-semibold text-emerald-800">{hero.refundPromise}</p>
          ) : null}
          <div className="mt-8 flex flex-wrap gap-3">
            <SectionLink
              href="/#booking"
              className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-900"
            >
              Book Session
            </SectionLink>
            <SectionLink
              href="/#mentors"
              className="rounded-lg border border-brand-700 px-5 py-3 font-semibold text-brand-700 hover:bg-brand-50"
            >
              View Mentors
            </SectionLink>
          </div>
          {hero?.stats.length ? (
            <dl className="mt-10 grid max-w-lg grid-cols-3 gap-4">
              {hero.stats.map((s) => (
                // Value first on screen, label first for a screen reader (dt before dd). In a reversed
                // column, justify-end packs to the top: every value on one line, whatever its
                // label's length (a long label used to push its value above its neighbours').
                <div key={s.id ?? s.label} className="flex flex-col-reverse justify-end" data-testid="hero-stat">
                  <dt className="mt-1 text-sm text-slate-600">{s.label}</dt>
                  <dd className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{s.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
        <TestimonialCarousel items={testimonials} />
      </div>
    </section>
  )
}
