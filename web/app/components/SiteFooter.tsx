import type { SiteSetting } from '@mentorloop/shared/payload-types'

export function SiteFooter({ settings }: { settings: SiteSetting | null }) {
  const footer = settings?.footer
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{settings?.siteName ?? 'MentorLoop'}</p>
          {footer?.tagline ? <p className="mt-3 text-sm text-slate-300">{footer.tagline}</p> : null}
        </div>
        {footer?.services?.length ? (
          <nav aria-label="Services">
            <h2 className="font-semibold text-white">Services</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {footer.services.map((l) => (
                <li key={l.id ?? l.href}>
                  <a href={l.href} className="hover:text-white hover:underline">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {footer?.informationLinks?.length ? (
          <nav aria-label="Information">
            <h2 className="font-semibold text-white">Information</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {footer.informationLinks.map((l) => (
                <li key={l.id ?? l.href}>
                  <a href={l.href} className="hover:text-white hover:underline">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {settings?.supportEmail ? (
          <div>
            <h2 className="font-semibold text-white">Contact</h2>
            <a href={`mailto:${settings.supportEmail}`} className="mt-3 block text-sm hover:text-white hover:underline">
              {settings.supportEmail}
            </a>
          </div>
        ) : null}
      </div>
      <div className="border-t border-white/10 py-5 text-center text-sm text-slate-300">
        <p>
          © {footer?.copyrightYear ?? new Date().getFullYear()} {settings?.siteName ?? 'MentorLoop'}.{' '}
          {footer?.madeWith ?? 'Made with ♥ for engineering students'}
        </p>
      </div>
    </footer>
  )
}
