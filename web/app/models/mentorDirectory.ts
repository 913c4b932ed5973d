import type { MentorAvailability } from '@mentorloop/shared'
import { z } from 'zod'

/** The directory's filters from the query string (bad or missing values are ignored, never an error). */
export const directoryFiltersSchema = z.object({
  company: z.string().trim().max(120).catch(''),
  skill: z.string().trim().max(120).catch(''),
})
export type DirectoryFilters = z.infer<typeof directoryFiltersSchema>

export function parseDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  return directoryFiltersSchema.parse({ company: params.get('company') ?? '', skill: params.get('skill') ?? '' })
}

export const skillsOf = (m: Pick<MentorAvailability, 'skills'>): string[] =>
  m.skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

/** The companies and skills to choose from: each once (case-insensitive), alphabetical. */
export function directoryOptions(mentors: MentorAvailability[]): { companies: string[]; skills: string[] } {
  const unique = (values: string[]) => values.filter((v, i) => v && values.findIndex((w) => same(v, w)) === i).sort(byName)
  return { companies: unique(mentors.map((m) => m.company.trim())), skills: unique(mentors.flatMap(skillsOf)) }
}

/** The mentors matching the filters (an empty filter matches everyone); the CMS's order is kept. */
export function filterMentors(mentors: MentorAvailability[], filters: DirectoryFilters): MentorAvailability[] {
  return mentors.filter(
    (m) =>
      (!filters.company || same(m.company.trim(), filters.company)) && (!filters.skill || skillsOf(m).some((s) => same(s, filters.skill))),
  )
}
