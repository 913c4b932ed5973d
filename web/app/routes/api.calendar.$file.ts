import type { LoaderFunctionArgs } from '@remix-run/node'
import { calendarResponse, FEED_FILE } from '~/models/calendar.server'

/**
 * GET /api/calendar/<token>.ics — the private calendar feed a calendar app subscribes to and polls
 * without a cookie (docs/decisions/106). A forged or replaced token answers 404.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const token = FEED_FILE.exec(params.file ?? '')?.[1]
  if (!token)
    return new Response('This calendar link does not exist or was replaced by a new one.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  return calendarResponse(`/calendar/feed/${token}`, { download: false })
}
