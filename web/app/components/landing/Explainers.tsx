import type { SiteCopy } from '~/models/content'

/** How It Works, Who It's For, What It's Not, Why It Works: only the boxes with points. */
export function Explainers({ explainers }: { explainers: SiteCopy['explainers'] }) {
  if (!explainers.length) return null
  return (
    <section aria-label="How MentorLoop works" className="mx-auto max-w-6xl px-4 py-16">
      <div className="grid gap-6 md:grid-cols-2">
        {explainers.map((box) => (
          <article key={box.id ?? box.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold text-slate-900">{box.title}</h2>
            <ul className="mt-4 space-y-3 text-slate-700">
              {box.points.map((p) => (
                <li key={p.id ?? p.text} className="flex gap-3">
                  <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-brand-600" />
                  <span>{p.text}</span>
                </li>
              ))}
            </ul>
          </article>
        ))}
      </div>
    </section>
  )
}
