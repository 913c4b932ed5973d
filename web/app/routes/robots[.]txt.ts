import { env } from '~/utils/env.server'

/** Crawl the public pages; keep out of the signed-in ones and the site's own endpoints. */
export function loader() {
  const base = env.WEB_PUBLIC_URL.replace(/\/$/, '')
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /auth/',
    'Disallow: /myDashboard',
    'Disallow: /paymentHistory',
    'Disallow: /subscriptions',
    'Disallow: /newsletter',
    'Disallow: /bench/',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n')
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
