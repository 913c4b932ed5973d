import type { ReactNode } from 'react'

/** The frame of a signed-in page: heading, a line about it, and its content. */
export function PrivatePage({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {subtitle ? <p className="mt-2 text-slate-600">{subtitle}</p> : null}
      <div className="mt-8">{children}</div>
    </section>
  )
}

/** An honest placeholder for a screen another piece of work fills in. */
export function ComingSoon({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6">
      <h2 className="text-lg font-semibold">{heading}</h2>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  )
}
