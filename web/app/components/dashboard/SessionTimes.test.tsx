import type { BookingView } from '@mentorloop/shared'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { sessionTally } from '../sessions/SessionTally'
import { CalendarFeedLink, googleCalendarUrl, webcalUrl } from './CalendarFeedLink'
import { SessionTimes } from './SessionTimes'

/** Issue 32 on the student's seat: each session's own link, a cancelled one without any, counts that match the list. */
const booking: BookingView = {
  id: 7,
  status: 'confirmed',
  source: 'direct',
  timeSlot: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  mentor: { id: 3, name: 'Aarav Mehta' },
  batch: null,
  sessions: [
    { id: 1, title: 'Session 1', startsAt: '2026-12-05T12:30:00.000Z', durationMinutes: 60, meetingLink: 'https://meet.example.com/one' },
    {
      id: 2,
      title: 'Session 2',
      startsAt: '2026-12-12T12:30:00.000Z',
      durationMinutes: 60,
      meetingLink: null,
      cancelled: true,
    },
    {
      id: 3,
      title: 'Extra doubt session',
      startsAt: '2026-12-15T14:30:00.000Z',
      durationMinutes: 45,
      meetingLink: 'https://meet.example.com/doubts',
    },
  ],
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1])

describe('the sessions of a seat', () => {
  it('links each session to its own call, lists a cancelled one as cancelled without a link, and counts what it lists', () => {
    const html = renderToStaticMarkup(<SessionTimes booking={booking} />)
    expect(hrefs(html)).toEqual(['https://meet.example.com/one', 'https://meet.example.com/doubts', '/myDashboard/calendar.ics?booking=7'])
    expect(html).toContain('Join the meeting<span class="sr-only"> for Extra doubt session, Tue 15 Dec, 8:00 pm IST</span>')
    expect(html).toMatch(/Session 2<\/span>:.*Sat 12 Dec, 6:00 pm IST.*Cancelled/)
    expect(html).toContain('2 sessions · 1 cancelled')
  })

  it('counts held and to come where the list knows which started, never a cancelled one', () => {
    expect(sessionTally([{ started: true }, { started: false }, { started: false }, { started: true, cancelled: true }])).toBe(
      '3 sessions: 1 held, 2 to come · 1 cancelled',
    )
    expect(sessionTally([])).toBeNull()
  })
})

describe('the private calendar link', () => {
  const feed = 'https://mentorloop.in/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz012345.ics'

  it('adds to Google Calendar by its webcal:// address', () => {
    expect(webcalUrl(feed)).toBe('webcal://mentorloop.in/api/calendar/AbCdEfGhIjKlMnOpQrStUvWxYz012345.ics')
    expect(googleCalendarUrl(feed)).toBe(
      'https://calendar.google.com/calendar/r?cid=webcal%3A%2F%2Fmentorloop.in%2Fapi%2Fcalendar%2FAbCdEfGhIjKlMnOpQrStUvWxYz012345.ics',
    )
  })

  it('without JavaScript shows the whole address to copy by hand, and no copy button that would do nothing', () => {
    const html = renderToStaticMarkup(<CalendarFeedLink feedUrl={feed} />)
    expect(html).toContain(`>${feed}</textarea>`)
    expect(html).toContain('Add to Google Calendar')
    expect(html).not.toContain('Copy the link')
  })
})
