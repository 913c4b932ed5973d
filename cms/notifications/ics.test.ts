import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { buildCalendar, type CalendarSession, escapeText, fold } from './ics'

/**
 * The calendar files are read back by a real iCalendar parser (ical.js, as calendar apps parse
 * them): whatever a mentor types as a session's title, one session is one event with that title.
 */
const session = (over: Partial<CalendarSession> = {}): CalendarSession => ({
  id: 7,
  title: 'Intro',
  startsAt: '2026-12-05T04:30:00.000Z',
  durationMinutes: 60,
  meetingLink: 'https://meet.example.com/abc',
  sequence: 1,
  status: 'scheduled',
  mentorName: 'Aarav Mehta',
  ...over,
})

const at = new Date('2026-11-28T10:00:00.000Z')

function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[])
  return calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
}

const octets = (line: string) => Buffer.byteLength(line, 'utf8')

describe('calendar files', () => {
  it('a title with bare carriage returns cannot end the event or start another', () => {
    const title = 'Intro\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Free refund\r\nUID:evil'
    const ics = buildCalendar([session({ title })], { method: 'PUBLISH', at })
    // No line of the file is the injected text: every line break is the one RFC 5545 asks for.
    expect(ics.split('\r\n').filter((l) => /^(END|BEGIN):VEVENT$/.test(l))).toEqual(['BEGIN:VEVENT', 'END:VEVENT'])
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
    const [event, ...more] = events(ics)
    expect(more).toEqual([])
    expect(event!.uid).toBe('session-7@mentorloop')
    expect(event!.summary).toBe('Intro\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Free refund\nUID:evil with Aarav Mehta')
  })

  it('tabs become spaces and other control characters go', () => {
    const ics = buildCalendar([session({ title: 'Graphs\tand\u0000 trees\u0007\u001b[31m\u007f\u0085' })], { method: 'PUBLISH', at })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may remain
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    const [event, ...more] = events(ics)
    expect(more).toEqual([])
    expect(event!.summary).toBe('Graphs and trees[31m with Aarav Mehta')
  })

  it('a long Devanagari title is folded at 75 octets, never inside a character, and reads back whole', () => {
    const title = 'डेटा संरचनाएँ और एल्गोरिदम: ग्राफ़, गतिशील प्रोग्रामिंग, और साक्षात्कार की तैयारी — सत्र एक (भाग दो)'
    const mentorName = 'आरव मेहता'
    const ics = buildCalendar([session({ title, mentorName, meetingLink: null })], { method: 'REQUEST', at })
    const lines = ics.split('\r\n')
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75)
    // Each folded piece decodes on its own: no character was cut in two.
    for (const line of lines) expect(new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(line, 'utf8'))).toBe(line)
    expect(lines.filter((l) => l.startsWith(' ')).length).toBeGreaterThan(2)
    const [event, ...more] = events(ics)
    expect(more).toEqual([])
    expect(event!.summary).toBe(`${title} with ${mentorName}`)
  })

  it('fold counts octets and keeps surrogate pairs and multi-byte characters whole', () => {
    const line = `SUMMARY:${'🎓'.repeat(40)}`
    const folded = fold(line)
    const pieces = folded.split('\r\n')
    for (const piece of pieces) expect(octets(piece)).toBeLessThanOrEqual(75)
    expect(pieces.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line)
    expect(folded).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
    expect(fold('SHORT:abc')).toBe('SHORT:abc')
  })

  it('escapes the characters TEXT values reserve', () => {
    expect(escapeText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne')
  })
})
