import type { MentorAvailability } from '@mentorloop/shared'
import type { MetaDescriptor } from '@remix-run/node'
import { seoMeta } from './seo'

type ProfileMentor = Pick<MentorAvailability, 'name' | 'profession' | 'company' | 'skills' | 'bio' | 'photoUrl' | 'linkedin'>

/** The description a search result shows for a mentor: their role and skills, then the start of their bio. */
export function mentorDescription(m: ProfileMentor): string {
  const lead = `${m.name} is ${m.profession} at ${m.company}. Mentorship in ${m.skills}.`
  const bio = m.bio.replace(/\s+/g, ' ').trim()
  const text = bio ? `${lead} ${bio}` : lead
  return text.length > 160 ? `${text.slice(0, 157).replace(/\s+\S*$/, '')}…` : text
}

/** Title, description, canonical, Open Graph (profile) and a JSON-LD Person for a public mentor profile. */
export function mentorProfileSeo(m: ProfileMentor, canonical: string): MetaDescriptor[] {
  const title = `${m.name}, ${m.profession} at ${m.company} | MentorLoop`
  const tags = seoMeta({ title, description: mentorDescription(m), url: canonical }).map((t) =>
    'property' in t && t.property === 'og:type' ? { property: 'og:type', content: 'profile' } : t,
  )
  if (m.photoUrl) tags.push({ property: 'og:image', content: m.photoUrl }, { property: 'og:image:alt', content: m.name })
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: m.name,
    jobTitle: m.profession,
    worksFor: { '@type': 'Organization', name: m.company },
    knowsAbout: m.skills
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    url: canonical,
  }
  if (m.bio) person.description = m.bio
  if (m.photoUrl) person.image = m.photoUrl
  if (m.linkedin) person.sameAs = [m.linkedin]
  tags.push({ 'script:ld+json': person })
  return tags
}
