import type { SeedQuestion } from './questions'

/**
 * The seed's multiple-choice questions carry their choices inline ("… (a) 24 s (b) 30 s") and
 * the answer in the solution ("Answer: (b)"). This turns them into the structured options the
 * practice page uses; open questions (no inline choices) are left without options.
 */
export function withOptions(q: SeedQuestion): SeedQuestion & { options?: { text: string }[]; correctOption?: number } {
  const start = q.question.search(/\s\(a\)\s/)
  const answer = q.solution.match(/Answer:?\s*\(([a-f])\)/i)
  if (start < 0 || !answer?.[1]) return q
  const parts = q.question
    .slice(start)
    .split(/\s*\([a-f]\)\s+/)
    .map((t) => t.trim())
    .filter(Boolean)
  const correctOption = answer[1].toLowerCase().charCodeAt(0) - 96
  if (parts.length < 2 || parts.length > 6 || correctOption > parts.length) return q
  return { ...q, question: q.question.slice(0, start).trim(), options: parts.map((text) => ({ text })), correctOption }
}
