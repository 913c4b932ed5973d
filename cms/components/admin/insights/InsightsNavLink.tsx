import type { ServerProps } from 'payload'
import { insightViewsFor } from '../../../services/insights'

/** "Insights" at the top of the admin's navigation, for the people who may see some of it (admins, staff). */
export default function InsightsNavLink({ payload, user }: ServerProps) {
  if (insightViewsFor(user).length === 0) return null
  return (
    <a className="nav__link" href={`${payload.config.routes.admin}/insights`} id="nav-insights">
      <span className="nav__link-label">Insights</span>
    </a>
  )
}
