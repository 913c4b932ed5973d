import { describe, expect, it } from 'vitest'
import { batchStatusLine } from './batchStatus'
import { mentorProfilePath, mentorSlug, parseMentorSlug } from './mentors'

describe('mentor profile slugs', () => {
  it('kebab-cases the name and ends with the id', () => {
    expect(mentorSlug({ id: 7, name: 'Priya Sharma' })).toBe('priya-sharma-7')
    expect(mentorSlug({ id: 12, name: '  Ánanya  O’Brien (SDE-2) ' })).toBe('ananya-o-brien-sde-2-12')
    expect(mentorSlug({ id: 3, name: '—' })).toBe('3')
    expect(mentorProfilePath({ id: 7, name: 'Priya Sharma' })).toBe('/mentor/priya-sharma-7')
  })
  it('reads the id back, whatever the name part', () => {
    expect(parseMentorSlug('priya-sharma-7')).toBe(7)
    expect(parseMentorSlug('wrong-name-7')).toBe(7)
    expect(parseMentorSlug('ananya-o-brien-sde-2-12')).toBe(12)
    expect(parseMentorSlug('42')).toBe(42)
  })
  it('refuses malformed slugs', () => {
    for (const bad of [
      '',
      'priya',
      'priya-',
      'priya-0',
      'priya-07',
      '-7',
      'Priya-7',
      'priya--7',
      'priya-7.5',
      'priya-99999999999',
      'priya-2147483648',
    ])
      expect(parseMentorSlug(bad), bad).toBeNull()
  })
})

describe('the batch status line', () => {
  const batch = { id: 1, label: 'February 2027', startsOn: '2027-01-31T18:30:00.000Z', endsOn: '2027-02-27T18:30:00.000Z' }
  const day = (iso: string) => iso.slice(0, 10)
  it('a full batch is named, with the next step and when the next batch opens', () => {
    expect(batchStatusLine({ open: false, paused: false, seatsLeft: 0, batch, nextBatchOpensOn: batch.startsOn }, day)).toBe(
      'February 2027 batch: Full · join the waitlist for the next batch, which opens 2027-01-31',
    )
  })
  it('a full batch whose next one staff open by hand promises no date', () => {
    expect(batchStatusLine({ open: false, paused: false, seatsLeft: 0, batch, nextBatchOpensOn: null }, day)).toBe(
      'February 2027 batch: Full · join the waitlist',
    )
  })
  it('an open one gives its start and the seats left', () => {
    expect(batchStatusLine({ open: true, paused: false, seatsLeft: 1, batch, nextBatchOpensOn: batch.startsOn }, day)).toBe(
      'Next batch starts 2027-01-31 · 1 seat left',
    )
  })
})
