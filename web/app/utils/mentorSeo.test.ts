import { describe, expect, it } from 'vitest'
import { mentorDescription, mentorProfileSeo } from './mentorSeo'

const mentor = {
  name: 'Priya Sharma',
  profession: 'Staff Engineer',
  company: 'Flipkart',
  skills: 'DSA, System Design',
  bio: 'Ten years of backend work.',
  photoUrl: 'https://cms.example/api/media/file/priya.png',
  linkedin: 'https://www.linkedin.com/in/priya',
}

describe('mentorProfileSeo', () => {
  it('gives title, canonical, Open Graph profile and a JSON-LD Person', () => {
    const tags = mentorProfileSeo(mentor, 'https://mentorloop.in/mentor/priya-sharma-7')
    expect(tags).toContainEqual({ title: 'Priya Sharma, Staff Engineer at Flipkart | MentorLoop' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://mentorloop.in/mentor/priya-sharma-7' })
    expect(tags).toContainEqual({ property: 'og:type', content: 'profile' })
    expect(tags).toContainEqual({ property: 'og:image', content: mentor.photoUrl })
    const ld = tags.find((t) => 'script:ld+json' in t) as { 'script:ld+json': Record<string, unknown> }
    expect(ld['script:ld+json']).toMatchObject({
      '@type': 'Person',
      name: 'Priya Sharma',
      jobTitle: 'Staff Engineer',
      worksFor: { name: 'Flipkart' },
      knowsAbout: ['DSA', 'System Design'],
      sameAs: ['https://www.linkedin.com/in/priya'],
    })
    expect(JSON.stringify(tags)).not.toMatch(/@(?!context|type)/)
  })

  it('keeps the description under 160 characters', () => {
    const long = mentorDescription({ ...mentor, bio: 'word '.repeat(100) })
    expect(long.length).toBeLessThanOrEqual(160)
    expect(long.endsWith('…')).toBe(true)
    expect(mentorDescription({ ...mentor, bio: '' })).toBe('Priya Sharma is Staff Engineer at Flipkart. Mentorship in DSA, System Design.')
  })
})
