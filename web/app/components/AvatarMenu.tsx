import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link, useLocation, useSubmit } from '@remix-run/react'

/**
 * The avatar menu of docs/spec.md §2. Logged out: a green avatar whose menu offers Login.
 * Logged in: a blue avatar with the e-mail's first letter, and Mentor-Bookings (a mentor's own
 * bookings; the list for admins), Dashboard, Payment, Question Bank (our addition: the spec's
 * question-bank screen has no entry point), Logout. Radix DropdownMenu makes it a real
 * menu: arrow keys, Escape, outside click, focus return, menu roles for screen readers.
 */
export type AvatarMenuUser = { email: string; roles: string[]; mentorId?: number | null }

export function mentorBookingsHref(user: AvatarMenuUser): string | null {
  if (user.roles.includes('admin')) return '/mentors'
  if (user.roles.includes('mentor') && user.mentorId) return `/mentors/${user.mentorId}`
  return null
}

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-4.14 0-7.5 2.35-7.5 5.25 0 .41.34.75.75.75h13.5c.41 0 .75-.34.75-.75 0-2.9-3.36-5.25-7.5-5.25Z" />
    </svg>
  )
}

const itemClass =
  'flex w-full cursor-pointer select-none items-center rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900'

export function AvatarMenu({ user }: { user: AvatarMenuUser | null }) {
  const location = useLocation()
  const submit = useSubmit()
  const here = `${location.pathname}${location.search}`
  const initial = user?.email.trim().charAt(0).toUpperCase() ?? ''
  const bookings = user ? mentorBookingsHref(user) : null
  const loginHref = location.pathname === '/login' ? `/login${location.search}` : `/login?${new URLSearchParams({ redirectTo: here })}`

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={user ? `Account menu for ${user.email}` : 'Account menu: not logged in'}
          data-testid="avatar"
          data-auth={user ? 'in' : 'out'}
          className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-base font-bold text-white shadow-sm ${
            user ? 'bg-blue-700 hover:bg-blue-800' : 'bg-green-700 hover:bg-green-800'
          }`}
        >
          {user && /[\p{L}\p{N}]/u.test(initial) ? <span aria-hidden="true">{initial}</span> : <UserIcon />}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-[12rem] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {user ? (
            <>
              <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs text-slate-600">{user.email}</DropdownMenu.Label>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              {bookings ? (
                <DropdownMenu.Item asChild className={itemClass}>
                  <Link to={bookings}>Mentor-Bookings</Link>
                </DropdownMenu.Item>
              ) : null}
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/myDashboard">Dashboard</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/paymentHistory">Payment</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to="/question-bank/subscription">Question Bank</Link>
              </DropdownMenu.Item>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <DropdownMenu.Item
                className={itemClass}
                // POST only: a link or a prefetch can never log anyone out.
                onSelect={() => submit({ redirectTo: here }, { method: 'post', action: '/logout' })}
              >
                Logout
              </DropdownMenu.Item>
            </>
          ) : (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={loginHref}>Login</Link>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
