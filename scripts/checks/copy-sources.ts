/**
 * The text people read, as source files: the site (web/app), the seeded content and plans
 * (cms/seed), the shared messages, and the CMS code that writes e-mails, admin help and other text
 * people read (cms/services, cms/collections, cms/notifications, cms/components). Tests and the
 * question bank's exam questions (their rupees are arithmetic, not our prices) are left out.
 * Scanned line by line by the copy checks (copy-figures.test.ts, vocabulary.test.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const SCANNED = [
  'web/app',
  'cms/seed',
  'cms/services',
  'cms/collections',
  'cms/notifications',
  'cms/components',
  'packages/shared/src/messages.ts',
]
const SKIPPED = [
  /\.test\.tsx?$/,
  /(^|\/)node_modules\//,
  /^cms\/seed\/content\/questions\.ts$/,
  /^cms\/seed\/content\/questionOptions\.ts$/,
]
const SOURCE = /\.(ts|tsx)$/

export type CopyPattern = { name: string; pattern: RegExp }
export type CopyHit = { file: string; line: number; name: string; match: string; where: string }

function files(rel: string): string[] {
  const full = path.join(ROOT, rel)
  if (statSync(full).isFile()) return [rel]
  return readdirSync(full, { withFileTypes: true }).flatMap((e) => {
    const child = `${rel}/${e.name}`
    if (SKIPPED.some((s) => s.test(child))) return []
    if (e.isDirectory()) return files(child)
    return SOURCE.test(e.name) ? [child] : []
  })
}

/** Comments say why, not what a person reads: only code and string lines count. */
const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line)

/** Every line of the copy that one of the patterns matches. */
export function findInCopy(patterns: CopyPattern[]): CopyHit[] {
  const found: CopyHit[] = []
  for (const file of SCANNED.flatMap(files)) {
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (isComment(text)) return
        for (const p of patterns) {
          const m = p.pattern.exec(text)
          if (m) found.push({ file, line: i + 1, name: p.name, match: m[0], where: `${file}:${i + 1}: ${p.name} "${m[0]}"` })
        }
      })
  }
  return found
}
