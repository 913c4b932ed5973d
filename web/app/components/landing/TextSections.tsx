import type { FaqView, SiteCopy } from '~/models/content'

/**
 * Each section is left out when it has nothing to show (models/content.ts decides what that is).
 * `openId`: the question rendered open (the admin's live preview of that FAQ; cms/lib/livePreviewUrl.ts).
 */
export function FaqSection({ heading, faqs, openId }: { heading: string; faqs: FaqView[]; openId?: string | null }) {
  if (faqs.length === 0) return null
  return (
    <section id="faq" aria-labelledby="faq-heading" className="bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-16">
        <h2 id="faq-heading" className="text-center text-3xl font-bold">
          {heading}
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {faqs.map((faq) => (
            <details key={faq.id} id={`faq-${faq.id}`} open={openId === String(faq.id) || undefined} className="group p-5">
              <summary className="cursor-pointer list-none font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
                <span className="flex items-center justify-between gap-4">
                  <span data-testid="faq-question">{faq.question}</span>
                  <span aria-hidden="true" className="text-xl text-brand-700 transition group-open:rotate-45">
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
  )
}

export function AboutSection({ about }: { about: SiteCopy['about'] }) {
  if (!about) return null
  return (
    <section id="about" aria-labelledby="about-heading" className="mx-auto max-w-4xl px-4 py-16">
      <h2 id="about-heading" className="text-center text-3xl font-bold">
        {about.heading}
      </h2>
      <div className="mt-6 space-y-4 text-lg text-slate-700">
        {about.body.split(/\n{2,}/).map((para) => (
          <p key={para.slice(0, 40)}>{para}</p>
        ))}
      </div>
    </section>
  )
}

export function ContactSection({ contact, supportEmail }: { contact: SiteCopy['contact']; supportEmail: string | null }) {
  if (!contact) return null
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-brand-50">
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="contact-heading" className="text-3xl font-bold">
          {contact.heading}
        </h2>
        {contact.body ? <p className="mt-4 text-slate-700">{contact.body}</p> : null}
        {supportEmail ? (
          <a
            href={`mailto:${supportEmail}`}
            className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-900"
          >
            Email {supportEmail}
          </a>
        ) : null}
      </div>
    </section>
  )
}
