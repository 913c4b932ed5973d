import type { LoaderFunctionArgs } from '@remix-run/node'
import { getUserBookings } from '~/models/booking.server'
import { requireUser } from '~/utils/auth.server'

/** The signed-in student's booked sessions as an iCalendar file (RFC 5545), times in UTC. */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')
const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
/** Lines longer than 75 octets are folded (RFC 5545 3.1). */
const fold = (line: string) => line.match(/.{1,73}/g)?.join('\r\n ') ?? line

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request)
  const only = Number(new URL(request.url).searchParams.get('booking')) || null
  let all: Awaited<ReturnType<typeof getUserBookings>>
  try {
    all = await getUserBookings(token, user.id)
  } catch {
    return new Response('Your sessions could not be loaded right now. Please try again.', {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    })
  }
  const bookings = all.filter((b) => b.status === 'confirmed' && (!only || b.id === only))
  const now = stamp(new Date())
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//MentorLoop//Sessions//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH']
  for (const b of bookings) {
    for (const s of b.sessions ?? []) {
      const start = new Date(s.startsAt)
      const end = new Date(start.getTime() + s.durationMinutes * 60_000)
      lines.push(
        'BEGIN:VEVENT',
        `UID:session-${s.id}-user-${user.id}@mentorloop`,
        `DTSTAMP:${now}`,
        `DTSTART:${stamp(start)}`,
        `DTEND:${stamp(end)}`,
        fold(`SUMMARY:${escapeText(`${s.title} with ${b.mentor.name}`)}`),
        ...(s.meetingLink ? [fold(`LOCATION:${escapeText(s.meetingLink)}`), fold(`URL:${s.meetingLink}`)] : []),
        'END:VEVENT',
      )
    }
  }
  lines.push('END:VCALENDAR')
  return new Response(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'attachment; filename="mentorloop-sessions.ics"',
      'Cache-Control': 'no-store',
    },
  })
}
