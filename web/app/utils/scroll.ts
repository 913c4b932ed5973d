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
 * Scrolls to the section, then checks every 250 ms until the page has come to rest with the section
 * in place, correcting it when content above grew on the way (a client-side visit to / streams the
 * mentor cards in after the rest). The smooth scroll itself can take seconds on a slow phone or
 * CI's loaded machine: the old checks at 0.7 and 1.5 s both ran before it ended, and it ended 72 px
 * short. At rest, the browser's scroll anchoring keeps the section in place. 10 s at most.
 */
export function scrollToSectionSettled(id: string): boolean {
  if (!scrollToSection(id)) return false
  let y = -1
  let n = 0
  const check = () => {
    const el = document.getElementById(id)
    if (!el || ++n > 40) return
    const still = scrollY === y
    y = scrollY
    if (still) {
      if (Math.abs(el.getBoundingClientRect().top - navHeight()) <= 4) return
      scrollToSection(id, { focus: false })
    }
    setTimeout(check, 250)
  }
  setTimeout(check, 250)
  return true
}
