import type { MentorAvailability } from '@mentorloop/shared'
import { z } from 'zod'

/**
 * The directory's filters from the query string: company, skill, a name fragment `q` and the page.
 * Bad or missing values are ignored (a page stays a page), never an error; the CMS filters and
 * pages in the database (docs/decisions/081-directory-paging-in-the-database.md).
 */
export const DIRECTORY_PAGE_SIZE = 12

const text = z.string().trim().max(120).catch('')

export const directoryFiltersSchema = z.object({
  company: text,
  skill: text,
  q: text,
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
})
export type DirectoryFilters = z.infer<typeof directoryFiltersSchema>

export function parseDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  return directoryFiltersSchema.parse({
    company: params.get('company') ?? '',
    skill: params.get('skill') ?? '',
    q: params.get('q') ?? '',
    page: params.get('page') ?? 1,
  })
}

/** The directory's address for these filters (empty ones and page 1 left out): links work without JavaScript. */
export function directoryHref(filters: Partial<DirectoryFilters>): string {
  const params = new URLSearchParams()
  if (filters.company) params.set('company', filters.company)
  if (filters.skill) params.set('skill', filters.skill)
  if (filters.q) params.set('q', filters.q)
  if (filters.page && filters.page > 1) params.set('page', String(filters.page))
  const qs = params.toString()
  return qs ? `/find-mentors?${qs}` : '/find-mentors'
}

export const skillsOf = (m: Pick<MentorAvailability, 'skills'>): string[] =>
  m.skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0

/** Whether `value` is among `options` (case-insensitive, as the CMS matches). */
export const offered = (options: string[], value: string) => options.some((o) => same(o, value))
