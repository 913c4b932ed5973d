import { lazy, Suspense, startTransition, useEffect, useRef, useState } from 'react'
import type { AvatarMenuUser } from './AvatarMenu'
import { AVATAR_CLASS } from './avatar'

/**
 * Places the avatar menu (AvatarMenu.tsx, unchanged) without putting Radix's dropdown (about
 * 30 KB gzip of the landing page's budget of 135 KB) in the first load: the header shows the
 * same avatar button, and the real menu is fetched as soon as the pointer comes near or the
 * button gets focus. A press that arrives before it is ready opens the menu once it is.
 */
const AvatarMenu = lazy(() => import('./AvatarMenu').then((m) => ({ default: m.AvatarMenu })))

function UserIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2.25c-4.14 0-7.5 2.35-7.5 5.25 0 .41.34.75.75.75h13.5c.41 0 .75-.34.75-.75 0-2.9-3.36-5.25-7.5-5.25Z" />
    </svg>
  )
}

function Mounted({ onMount }: { onMount: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the real menu has mounted
  useEffect(onMount, [])
  return null
}

/** Signed out there is no avatar: the header's "Sign in" button is the one way in. */
export function DeferredAvatarMenu({ user }: { user: AvatarMenuUser | null }) {
  return user ? <SignedInAvatarMenu user={user} /> : null
}

function SignedInAvatarMenu({ user }: { user: AvatarMenuUser }) {
  const [wanted, setWanted] = useState(false)
  const openWhenReady = useRef(false)
  const placeholderFocused = useRef(false)
  const wrap = useRef<HTMLSpanElement>(null)
  const initial = user.email.trim().charAt(0).toUpperCase()
  // A transition keeps this button on screen (and focused) until the real menu is ready.
  const load = () => startTransition(() => setWanted(true))
  const press = () => {
    openWhenReady.current = true
    load()
  }

  const placeholder = (
    <button
      type="button"
      aria-label={`Account menu for ${user.email}`}
      aria-haspopup="menu"
      aria-expanded={false}
      data-testid="avatar"
      data-auth="in"
      onPointerEnter={load}
      onFocus={() => {
        placeholderFocused.current = true
        load()
      }}
      onBlur={() => {
        placeholderFocused.current = false
      }}
      onTouchStart={load}
      onPointerDown={(e) => {
        if (e.button === 0) press()
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault()
          press()
        }
      }}
      className={AVATAR_CLASS}
    >
      {/[\p{L}\p{N}]/u.test(initial) ? <span aria-hidden="true">{initial}</span> : <UserIcon />}
    </button>
  )

  return (
    <span ref={wrap} className="contents">
      <Suspense fallback={placeholder}>
        {wanted ? (
          <>
            <AvatarMenu user={user} />
            <Mounted
              onMount={() => {
                const trigger = wrap.current?.querySelector<HTMLButtonElement>('[data-testid="avatar"]')
                if (!trigger) return
                // The placeholder that had focus is gone: give it to the real button.
                if (placeholderFocused.current || openWhenReady.current) trigger.focus()
                if (openWhenReady.current) {
                  openWhenReady.current = false
                  // Radix opens on Enter and focuses the first item, as for a keyboard user's press.
                  trigger.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }))
                }
              }}
            />
          </>
        ) : (
          placeholder
        )}
      </Suspense>
    </span>
  )
}
