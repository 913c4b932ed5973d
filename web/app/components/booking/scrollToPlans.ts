/** Scrolls to the plans with the spec's 100 px offset, or goes to the landing page's plans from elsewhere. */
export function scrollToPlans(navigate: (to: string) => void) {
  const el = document.getElementById('premium-plans')
  if (!el) {
    navigate('/#premium-plans')
    return
  }
  const top = el.getBoundingClientRect().top + window.scrollY - 100
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
  window.scrollTo({ top, behavior: reduce ? 'auto' : 'smooth' })
}
