import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { scrollToSectionSettled } from './scroll'

/**
 * A page in numbers: the section starts `sectionAt` px down the document, the nav is 72 px tall,
 * and a smooth scroll moves a 60th of the way every `stepMs` (a frame; 60 steps of 50 ms take 3 s,
 * a slow phone's or a loaded machine's). Content above the section can grow at any moment.
 */
function fakePage(stepMs: number) {
  const page = { sectionAt: 3000, scrolls: 0 }
  const g = globalThis as Record<string, unknown>
  let animation: ReturnType<typeof setInterval> | undefined
  const section = {
    getBoundingClientRect: () => ({ top: page.sectionAt - (g.scrollY as number) }),
    hasAttribute: () => true,
    focus: () => {},
  }
  const header = { getBoundingClientRect: () => ({ height: 72 }) }
  Object.assign(g, {
    window: g,
    scrollY: 0,
    matchMedia: () => ({ matches: false }),
    document: { getElementById: (id: string) => (id === 'booking' ? section : id === 'site-header' ? header : null) },
    scrollTo: ({ top }: { top: number }) => {
      page.scrolls++
      clearInterval(animation)
      const from = g.scrollY as number
      let step = 0
      animation = setInterval(() => {
        step++
        g.scrollY = Math.round(from + ((top - from) * step) / 60)
        if (step === 60) clearInterval(animation)
      }, stepMs)
    },
  })
  const below = () => page.sectionAt - (g.scrollY as number) - 72
  return { page, below }
}

describe('scrollToSectionSettled', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    for (const k of ['window', 'matchMedia', 'document', 'scrollTo', 'scrollY']) delete (globalThis as Record<string, unknown>)[k]
  })

  it('corrects a slow smooth scroll that content above outgrew on the way (ended 72 px short before)', () => {
    const { page, below } = fakePage(50) // 3 s to get there
    expect(scrollToSectionSettled('booking')).toBe(true)
    vi.advanceTimersByTime(2_000) // later than the old checks at 0.7 and 1.5 s
    page.sectionAt += 72 // the mentor cards arrive and push the section down
    vi.advanceTimersByTime(8_000)
    expect(below()).toBe(0)
    expect(page.scrolls).toBe(2)
  })

  it('stops once at rest in place, and gives up after 10 s', () => {
    const { page, below } = fakePage(5)
    scrollToSectionSettled('booking')
    vi.advanceTimersByTime(2_000)
    expect(below()).toBe(0)
    page.sectionAt += 500 // later growth is the browser's scroll anchoring's, not ours
    vi.advanceTimersByTime(20_000)
    expect(page.scrolls).toBe(1)
  })

  it('answers false when the section is not on the page', () => {
    fakePage(5)
    expect(scrollToSectionSettled('nowhere')).toBe(false)
  })
})
