import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link, useLocation, useSubmit } from '@remix-run/react'
import { type AvatarMenuUser, avatarMenuItems } from './accountMenu'
import { AVATAR_CLASS } from './avatar'

export { type AvatarMenuUser, avatarMenuItems, mentorBookingsHref } from './accountMenu'

/**
 * The avatar menu of docs/spec.md §2, for a signed-in person only: signed out, the header shows
 * its "Sign in" button and no avatar (the spec's green "Login" avatar beside it said the same
 * thing twice, in another word: docs/vocabulary.md). The avatar is the brand's navy with the
 * e-mail's first letter; the menu offers a student Dashboard, Payments, Question bank (our
 * addition: the spec's question-bank screen has no entry point), Sign out; a mentor their home and
 * Sign out; an admin Mentor-Bookings (the mentors list) first. Radix DropdownMenu makes it a real menu: arrow keys, Escape, outside
 * click, focus return, menu roles for screen readers.
 */
function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-4.14 0-7.5 2.35-7.5 5.25 0 .41.34.75.75.75h13.5c.41 0 .75-.34.75-.75 0-2.9-3.36-5.25-7.5-5.25Z" />
    </svg>
  )
}

const itemClass =
  'flex w-full cursor-pointer select-none items-center rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900'

export function AvatarMenu({ user }: { user: AvatarMenuUser }) {
  const location = useLocation()
  const submit = useSubmit()
  const here = `${location.pathname}${location.search}`
  const initial = user.email.trim().charAt(0).toUpperCase()

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label={`Account menu for ${user.email}`} data-testid="avatar" data-auth="in" className={AVATAR_CLASS}>
          {/[\p{L}\p{N}]/u.test(initial) ? <span aria-hidden="true">{initial}</span> : <UserIcon />}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-[12rem] rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-1.5 text-xs text-slate-600">{user.email}</DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          {avatarMenuItems(user).map((item) => (
            <DropdownMenu.Item key={item.href} asChild className={itemClass}>
              <Link to={item.href}>{item.label}</Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            className={itemClass}
            // POST only: a link or a prefetch can never sign anyone out.
            onSelect={() => submit({ redirectTo: here }, { method: 'post', action: '/logout' })}
          >
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
