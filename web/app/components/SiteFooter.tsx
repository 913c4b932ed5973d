import { copyrightYear, now } from '@mentorloop/shared'
import type { ReactNode } from 'react'
import type { SiteCopy } from '~/models/content'
import { NewsletterForm } from './NewsletterForm'

const ICONS: Record<'linkedin' | 'facebook' | 'twitter', { label: string; path: ReactNode }> = {
  linkedin: {
    label: 'LinkedIn',
    path: (
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.9c0-1.17-.02-2.68-1.63-2.68-1.64 0-1.89 1.28-1.89 2.6V21h-4V9.75Z" />
    ),
  },
  facebook: {
    label: 'Facebook',
    path: (
      <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.86.24-1.45 1.48-1.45H16.5V4.47A20 20 0 0 0 14.3 4.3c-2.2 0-3.8 1.35-3.8 3.83v2.37H8v3h2.5V21h3Z" />
    ),
  },
  twitter: {
    label: 'Twitter',
    path: (
      <path d="M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.7H5.58l11.09 14.5Z" />
    ),
  },
}

function LinkList({ title, links }: { title: string; links: { id?: string | null; label: string; href: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="font-semibold text-white">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.id ?? l.href}>
            <a href={l.href} className="hover:text-white hover:underline">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export type FooterSettings = Pick<SiteCopy, 'siteName' | 'supportEmail' | 'footer'>

export function SiteFooter({ settings }: { settings: FooterSettings | null }) {
  const footer = settings?.footer
  const socials = (Object.keys(ICONS) as (keyof typeof ICONS)[])
    .map((key) => ({ key, href: footer?.socials?.[key]?.trim() }))
    .filter((s): s is { key: keyof typeof ICONS; href: string } => Boolean(s.href && /^https:\/\//.test(s.href)))
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <p className="text-lg font-bold text-white">{settings?.siteName ?? 'MentorLoop'}</p>
          {footer?.tagline ? <p className="mt-3 text-sm text-slate-300">{footer.tagline}</p> : null}
          {/* The supply side's door (issue 35): on every page, whatever the CMS's footer links say. */}
          <p className="mt-3 text-sm">
            <a href="/become-a-mentor" className="font-semibold text-white underline hover:no-underline">
              Become a mentor
            </a>
          </p>
          {socials.length ? (
            <ul className="mt-4 flex gap-3" aria-label="Social media">
              {socials.map((s) => (
                <li key={s.key}>
                  <a
                    href={s.href}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="grid size-9 place-items-center rounded-full bg-white/10 text-white hover:bg-white/20"
                  >
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
                      {ICONS[s.key].path}
                    </svg>
                    <span className="sr-only">{ICONS[s.key].label} (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {footer?.services?.length ? <LinkList title="Services" links={footer.services} /> : null}
        {footer?.informationLinks?.length ? <LinkList title="Information" links={footer.informationLinks} /> : null}
        {settings?.supportEmail ? (
          <div>
            <h2 className="font-semibold text-white">Contact</h2>
            <a href={`mailto:${settings.supportEmail}`} className="mt-3 block text-sm hover:text-white hover:underline">
              {settings.supportEmail}
            </a>
          </div>
        ) : null}
        <NewsletterForm heading={footer?.newsletterHeading || 'Newsletter'} />
      </div>
      <div className="border-t border-white/10 px-4 py-5 text-center text-sm text-slate-300">
        <p>
          © {copyrightYear(now())} {settings?.siteName ?? 'MentorLoop'}. {footer ? footer.madeWith : 'Made with ♥ for engineering students'}
        </p>
      </div>
    </footer>
  )
}
