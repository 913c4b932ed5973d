import { Link } from '@remix-run/react'
import { AvatarMenu, type AvatarMenuUser } from './AvatarMenu'

const NAV = [
  { label: 'Home', href: '/#hero' },
  { label: 'Mentors', href: '/#mentors' },
  { label: 'About Us', href: '/#about' },
  { label: 'FAQ', href: '/#faq' },
  { label: 'Contact', href: '/#contact' },
]

export function SiteHeader({ siteName, user }: { siteName: string; user: AvatarMenuUser | null }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-[4.5rem] max-w-6xl items-center gap-6 px-4">
        <Link to="/" className="text-xl font-extrabold tracking-tight text-brand-900">
          {siteName}
        </Link>
        <ul className="ml-auto hidden items-center gap-5 text-sm font-medium text-slate-700 md:flex">
          {NAV.map((item) => (
            <li key={item.href}>
              <a href={item.href} className="hover:text-brand-700">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
        <a href="/#booking" className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900">
          Book Session
        </a>
        <AvatarMenu user={user} />
      </nav>
    </header>
  )
}
