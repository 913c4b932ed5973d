import { Form, Link, useLocation } from '@remix-run/react'
import { type ReactNode, useRef } from 'react'
import { type AvatarMenuUser, avatarMenuItems } from './accountMenu'
import { DeferredAvatarMenu } from './DeferredAvatarMenu'
import { SectionLink } from './landing/SectionLink'

export const NAV = [
  { label: 'Home', href: '/#hero' },
  { label: 'Mentors', href: '/find-mentors' },
  { label: 'Question bank', href: '/question-bank/subscription' },
  { label: 'About Us', href: '/#about' },
  { label: 'FAQ', href: '/#faq' },
  { label: 'Contact', href: '/#contact' },
] as const

/**
 * The top navigation (docs/spec.md §2). From 1035 px wide the links sit in the bar; below that a
 * hamburger opens them in a native modal <dialog> (no library: the page behind is inert while it
 * is open, Escape and a click outside close it). Picking a section moves focus to that section.
 * Without JavaScript the footer's links lead to the same sections.
 */
/** A landing section scrolls smoothly; a page of its own is an ordinary client-side link. */
function NavLink({
  href,
  className,
  onNavigate,
  children,
}: {
  href: string
  className: string
  onNavigate?: () => void
  children: ReactNode
}) {
  if (href.startsWith('/#'))
    return (
      <SectionLink href={href} onNavigate={onNavigate} className={className}>
        {children}
      </SectionLink>
    )
  return (
    <Link to={href} onClick={onNavigate} className={className} prefetch="intent">
      {children}
    </Link>
  )
}

export function SiteHeader({
  siteName,
  user,
  accountUnavailable = false,
}: {
  siteName: string
  user: AvatarMenuUser | null
  /** Signed in, but the CMS cannot say as whom right now (an outage): no "Sign in", no menu. */
  accountUnavailable?: boolean
}) {
  const menu = useRef<HTMLDialogElement>(null)
  // Closing returns focus to the menu button; the section link then moves it to the section.
  const closeForNavigation = () => menu.current?.close()
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const signInHref = location.pathname === '/login' ? `/login${location.search}` : `/login?${new URLSearchParams({ redirectTo: here })}`
  return (
    <header id="site-header" className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-[4.5rem] max-w-6xl items-center gap-4 px-4">
        <Link to="/" className="mr-auto text-xl font-extrabold tracking-tight text-brand-900">
          {siteName}
          <span className="sr-only"> home</span>
        </Link>
        <ul className="hidden items-center gap-6 text-sm font-medium text-slate-700 min-[1035px]:flex">
          {NAV.map((item) => (
            <li key={item.href}>
              <NavLink href={item.href} className="rounded px-1 py-2 hover:text-brand-700">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <SectionLink
          href="/#booking"
          className="hidden rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 min-[420px]:inline-block"
        >
          Book Session
        </SectionLink>
        {accountUnavailable && !user ? (
          <span className="text-sm text-slate-700" data-testid="account-unavailable">
            Account unavailable
          </span>
        ) : null}
        {user || accountUnavailable ? null : (
          <Link
            to={signInHref}
            className="rounded-lg border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            data-testid="header-sign-in"
          >
            Sign in
          </Link>
        )}
        {accountUnavailable && !user ? null : <DeferredAvatarMenu user={user} />}
        <button
          type="button"
          onClick={() => menu.current?.showModal()}
          aria-haspopup="dialog"
          aria-controls="site-menu"
          className="grid size-10 place-items-center rounded-lg border border-slate-300 text-slate-800 hover:bg-slate-100 min-[1035px]:hidden"
          data-testid="menu-button"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
            <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
          </svg>
          <span className="sr-only">Open menu</span>
        </button>
        {/* A native modal dialog: the page behind is inert (focus stays inside), Escape closes it,
            focus returns to the button; a click on the backdrop closes it too. */}
        <dialog
          ref={menu}
          id="site-menu"
          aria-labelledby="site-menu-title"
          onClick={(event) => {
            if (event.target === event.currentTarget) event.currentTarget.close()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              // Handled here: a page that closes itself on Escape (policy pages) must not see it too.
              event.preventDefault()
              event.currentTarget.close()
            }
          }}
          className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 shadow-xl backdrop:bg-slate-900/40"
        >
          <div className="flex h-full flex-col p-5">
            <div className="flex items-center justify-between">
              <h2 id="site-menu-title" className="text-lg font-bold text-brand-900">
                Menu
              </h2>
              <button
                type="button"
                onClick={() => menu.current?.close()}
                className="grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100"
              >
                <span aria-hidden="true" className="text-2xl leading-none">
                  ×
                </span>
                <span className="sr-only">Close menu</span>
              </button>
            </div>
            <ul className="mt-4 space-y-1">
              {NAV.map((item) => (
                <li key={item.href}>
                  <NavLink
                    href={item.href}
                    onNavigate={closeForNavigation}
                    className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-brand-50"
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <SectionLink
              href="/#booking"
              onNavigate={closeForNavigation}
              className="mt-4 block rounded-lg bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-900"
            >
              Book Session
            </SectionLink>
            {/* Everything the avatar menu has, for a screen too narrow to make it easy to find (docs/decisions/184). */}
            {user ? (
              <div className="mt-5 border-t border-slate-200 pt-4" data-testid="menu-account">
                <p className="truncate px-3 text-xs text-slate-600">{user.email}</p>
                <ul className="mt-2 space-y-1" aria-label="Your account">
                  {avatarMenuItems(user)
                    .filter((item) => !NAV.some((n) => n.href === item.href))
                    .map((item) => (
                      <li key={item.href}>
                        <Link
                          to={item.href}
                          onClick={closeForNavigation}
                          className="block rounded-lg px-3 py-3 font-medium text-slate-800 hover:bg-brand-50"
                        >
                          {item.label}
                        </Link>
                      </li>
                    ))}
                </ul>
                {/* POST only: a link or a prefetch can never sign anyone out. */}
                <Form method="post" action="/logout" onSubmit={closeForNavigation}>
                  <input type="hidden" name="redirectTo" value={here} />
                  <button
                    type="submit"
                    className="mt-1 block w-full rounded-lg px-3 py-3 text-left font-medium text-slate-800 hover:bg-brand-50"
                  >
                    Sign out
                  </button>
                </Form>
              </div>
            ) : null}
          </div>
        </dialog>
      </nav>
    </header>
  )
}
