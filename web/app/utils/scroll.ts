/**
 * Smooth scrolling to a landing section, below the sticky navigation (docs/spec.md §2: offset by
 * the nav height; from another route go to / first and scroll after 50 ms). Without JavaScript
 * the plain `/#section` links work, and `scroll-padding-top` in tailwind.css keeps the section
 * below the nav.
 */
export const OFF_HOME_SCROLL_DELAY_MS = 50

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
}

export function navHeight(): number {
  return document.getElementById('site-header')?.getBoundingClientRect().height ?? 0
}

/** Scrolls so the section's top sits just below the nav; moves focus there for keyboard users. */
export function scrollToSection(id: string, opts: { focus?: boolean } = {}): boolean {
  const el = document.getElementById(id)
  if (!el) return false
  const top = el.getBoundingClientRect().top + window.scrollY - navHeight()
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
  if (opts.focus !== false) {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
    el.focus({ preventScroll: true })
  }
  return true
}

/** `/#faq` -> `faq`; anything that is not a same-site hash link to / -> null. */
export function sectionOf(href: string): string | null {
  const match = /^\/(?:\?[^#]*)?#([\w-]+)$/.exec(href)
  return match ? match[1]! : null
}

/**
 * Scrolls to the section, then checks again while the page settles (a client-side visit to /
 * streams the mentor cards in after the rest, which pushes the sections below them down) and
 * corrects the position if it moved.
 */
export function scrollToSectionSettled(id: string): boolean {
  if (!scrollToSection(id)) return false
  for (const delay of [700, 1500]) {
    setTimeout(() => {
      const el = document.getElementById(id)
      if (!el) return
      const drift = el.getBoundingClientRect().top - navHeight()
      if (Math.abs(drift) > 4) scrollToSection(id, { focus: false })
    }, delay)
  }
  return true
}
