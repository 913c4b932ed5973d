import { env } from '~/utils/env.server'
import { POLICY_SLUGS } from '~/utils/policy'

/** The public pages for search engines. */
export function loader() {
  const base = env.WEB_PUBLIC_URL.replace(/\/$/, '')
  const urls = ['/', ...POLICY_SLUGS.map((s) => `/${s}`)]
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${base}${u}</loc></url>`).join('\n')}
</urlset>
`
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
