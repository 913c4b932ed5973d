import { useLocation, useNavigate } from '@remix-run/react'
import type { AnchorHTMLAttributes, MouseEvent } from 'react'
import { OFF_HOME_SCROLL_DELAY_MS, scrollToSectionSettled, sectionOf } from '~/utils/scroll'

/**
 * A link to a landing section (`/#mentors`, `/?mentor=3#booking`). A plain link without
 * JavaScript; with it, a smooth scroll offset by the nav, going to / first when elsewhere.
 */
export function SectionLink({
  href,
  onNavigate,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; onNavigate?: () => void }) {
  const navigate = useNavigate()
  const location = useLocation()
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const id = sectionOf(href)
    if (!id) return
    event.preventDefault()
    onNavigate?.()
    const [pathAndSearch] = href.split('#')
    const search = pathAndSearch!.slice(1)
    const sameSearch = !search || search === location.search
    if (location.pathname === '/' && sameSearch) {
      window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}#${id}`)
      // After a menu that closes itself (onNavigate) has let go of the page's scroll lock. Settled:
      // content above the section that grows during the smooth scroll (on a slow phone, or CI's
      // loaded machine: 48 px short at 375 px) is corrected once it has.
      if (onNavigate) setTimeout(() => scrollToSectionSettled(id), 0)
      else scrollToSectionSettled(id)
      return
    }
    navigate(`${pathAndSearch}#${id}`, { preventScrollReset: true, replace: location.pathname === '/' })
    // The landing page may still be loading: try every 50 ms for a few seconds.
    let tries = 0
    const attempt = () => {
      if (!scrollToSectionSettled(id) && ++tries < 60) setTimeout(attempt, OFF_HOME_SCROLL_DELAY_MS)
    }
    setTimeout(attempt, OFF_HOME_SCROLL_DELAY_MS)
  }
  return <a href={href} onClick={handle} {...rest} />
}
