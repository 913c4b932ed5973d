import type { MentorAvailability } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { directoryOptions, filterMentors, parseDirectoryFilters } from './mentorDirectory'

const m = (id: number, company: string, skills: string) => ({ id, name: `M${id}`, company, skills }) as MentorAvailability
const mentors = [m(1, 'Google', 'DSA, System Design'), m(2, 'Flipkart', 'Java, dsa'), m(3, 'google ', 'React')]

describe('mentor directory filters', () => {
  it('lists each company and skill once', () => {
    expect(directoryOptions(mentors)).toEqual({ companies: ['Flipkart', 'Google'], skills: ['DSA', 'Java', 'React', 'System Design'] })
  })
  it('filters by company and skill, case-insensitively', () => {
    expect(filterMentors(mentors, { company: '', skill: '' }).map((x) => x.id)).toEqual([1, 2, 3])
    expect(filterMentors(mentors, { company: 'google', skill: '' }).map((x) => x.id)).toEqual([1, 3])
    expect(filterMentors(mentors, { company: '', skill: 'DSA' }).map((x) => x.id)).toEqual([1, 2])
    expect(filterMentors(mentors, { company: 'Google', skill: 'dsa' }).map((x) => x.id)).toEqual([1])
    expect(filterMentors(mentors, { company: 'Nowhere', skill: '' })).toEqual([])
  })
  it('ignores junk in the query string', () => {
    expect(parseDirectoryFilters(new URLSearchParams('company=%20Google%20&skill=' + 'x'.repeat(500)))).toEqual({
      company: 'Google',
      skill: '',
    })
  })
})
