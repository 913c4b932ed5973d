import type { LoaderFunctionArgs } from '@remix-run/node'
import { calendarResponse } from '~/models/calendar.server'
import { requireUser } from '~/utils/auth.server'

/**
 * The signed-in student's sessions as an iCalendar file (RFC 5545), built by the CMS like the
 * e-mails and the private feed: one UID per session, its latest SEQUENCE, cancelled ones marked
 * (docs/decisions/106). `?booking=ID` narrows it to one booking's batch.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request)
  const booking = Number(new URL(request.url).searchParams.get('booking'))
  return calendarResponse('/calendar/mine', {
    token,
    query: Number.isInteger(booking) && booking > 0 ? { booking } : undefined,
    download: true,
  })
}
