import type { MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PlanCard } from '~/components/PlanCard'
import { getFaqs, getPlans, getSiteSettings } from '~/models/content.server'

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.settings.seoTitle ?? 'MentorLoop' },
  { name: 'description', content: data?.settings.seoDescription ?? '' },
]

export async function loader() {
  const [settings, plans, faqs] = await Promise.all([getSiteSettings(), getPlans('mentorship'), getFaqs()])
  return { settings, plans, faqs }
}

export default function Index() {
  const { settings, plans, faqs } = useLoaderData<typeof loader>()
  return (
    <>
      <section id="hero" className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">{settings.hero.headline}</h1>
          <p className="mt-4 text-lg text-slate-700">{settings.hero.refundPromise}</p>
        </div>
      </section>

      <section id="premium-plans" aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="plans-heading" className="text-center text-3xl font-bold">
          {settings.plansSection.heading}
        </h2>
        {settings.plansSection.banner ? (
          <p className="mx-auto mt-4 w-fit rounded-full bg-amber-100 px-4 py-1.5 text-sm font-semibold text-amber-900">
            {settings.plansSection.banner}
          </p>
        ) : null}
        <div className="mx-auto mt-10 grid max-w-4xl gap-8 md:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-heading" className="bg-slate-50">
        <div className="mx-auto max-w-3xl px-4 py-16">
          <h2 id="faq-heading" className="text-center text-3xl font-bold">
            {settings.faqSection.heading}
          </h2>
          <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {faqs.map((faq) => (
              <details key={faq.id} className="group p-5">
                <summary className="cursor-pointer list-none font-semibold marker:hidden">
                  <span className="flex items-center justify-between gap-4">
                    {faq.question}
                    <span aria-hidden="true" className="transition group-open:rotate-45">
                      +
                    </span>
                  </span>
                </summary>
                <p className="mt-3 whitespace-pre-line text-slate-700">{faq.answer}</p>
              </details>
            ))}
          </div>
        </div>
      </section>
    </>
  )
}
