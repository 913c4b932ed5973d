import { mentorProfilePath } from '@mentorloop/shared'
import { getMentorAvailability } from '~/models/content.server'
import { env } from '~/utils/env.server'
import { POLICY_SLUGS } from '~/utils/policy'

/** The public pages for search engines. */
export async function loader() {
  const base = env.WEB_PUBLIC_URL.replace(/\/$/, '')
  // The mentor profiles come from the cached public content; without the CMS the other pages are still listed.
  const mentors = await getMentorAvailability().catch(() => [])
  const urls = ['/', '/find-mentors', '/become-a-mentor', ...mentors.map(mentorProfilePath), ...POLICY_SLUGS.map((s) => `/${s}`)]
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${base}${u}</loc></url>`).join('\n')}
</urlset>
`
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
