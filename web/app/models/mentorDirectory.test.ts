import type { MentorAvailability } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { directoryHref, offered, parseDirectoryFilters, skillsOf } from './mentorDirectory'

// Filtering and paging run in the CMS (cms/tests/int/mentorDirectory.int.test.ts); here, the URL.
describe('mentor directory filters', () => {
  it('ignores junk in the query string', () => {
    expect(parseDirectoryFilters(new URLSearchParams(`company=%20Google%20&skill=${'x'.repeat(500)}&q=%20pri%20&page=-3`))).toEqual({
      company: 'Google',
      skill: '',
      q: 'pri',
      page: 1,
    })
    expect(parseDirectoryFilters(new URLSearchParams('page=3')).page).toBe(3)
    expect(parseDirectoryFilters(new URLSearchParams('page=two')).page).toBe(1)
  })
  it('writes the address of a filtered page, without empty filters or page 1', () => {
    expect(directoryHref({ company: 'Google', skill: '', q: '', page: 1 })).toBe('/find-mentors?company=Google')
    expect(directoryHref({ company: 'A & B', skill: 'C++', q: 'x', page: 2 })).toBe(
      '/find-mentors?company=A+%26+B&skill=C%2B%2B&q=x&page=2',
    )
    expect(directoryHref({})).toBe('/find-mentors')
  })
  it('splits skills and matches options case-insensitively', () => {
    expect(skillsOf({ skills: ' DSA, ,System Design ' } as MentorAvailability)).toEqual(['DSA', 'System Design'])
    expect(offered(['DSA', 'Java'], 'java')).toBe(true)
    expect(offered(['DSA'], 'Kafka')).toBe(false)
  })
})
