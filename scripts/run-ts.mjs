// The one way we run a TypeScript script: `node scripts/run-ts.mjs <file.ts> [args]` (npm scripts,
// the stack's seed step, the integration tests' migrations). Scripts simply await at top level.
//
// Why not plain `tsx <file>`: on Node 20, tsx's module hooks run on a separate thread, and while a
// script awaits at top level (Payload starting, say) the main thread now and then finds its event
// loop empty and exits with code 13 ("unsettled top-level await", tsx issue #233). A timer keeps
// the loop alive until the script's top level has settled; a rejection there exits 1 with the
// error printed. Scripts that finish call process.exit themselves (open pools, watchers);
// long-running ones (dev, start) just return and live on their child processes and servers.
//
// Why the Lexical modules are loaded first, one at a time: on Node 20 a script that loads the Payload
// config (the worker, migrations, seeding) stopped for good in about one start of four, with no
// output and no CPU, always at the same place: Lexical's entry modules (`*.node.mjs`) each await a
// dynamic import at top level, Payload's rich-text editor loads a dozen of them at once, and under
// the hooks thread the last of those imports never settled (docs/setup-notes.md, "tsx start
// stall"). Loaded one after another beforehand, they are cached when the config asks: 0 stalls in
// 12 starts of the worker, against 6 in 12 without.
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { register } from 'tsx/esm/api'

const keepAlive = setInterval(() => {}, 60_000)
register()
const file = process.argv[2]
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args]')
  process.exit(2)
}
process.argv.splice(2, 1)
const LEXICAL_ENTRIES = [
  'lexical',
  '@lexical/utils',
  '@lexical/selection',
  '@lexical/html',
  '@lexical/clipboard',
  '@lexical/rich-text',
  '@lexical/list',
  '@lexical/table',
  '@lexical/headless',
  '@lexical/extension',
  '@lexical/a11y',
  '@lexical/dragon',
  '@lexical/react/LexicalDecoratorBlockNode',
]
if (Number(process.versions.node.split('.')[0]) < 22) {
  for (const entry of LEXICAL_ENTRIES) {
    try {
      await import(entry)
    } catch {
      // Not installed here (a script that never loads the Payload config): nothing to warm.
    }
  }
}
try {
  await import(pathToFileURL(path.resolve(file)).href)
} finally {
  clearInterval(keepAlive)
}
