// The one way we run a TypeScript script in development and tests: `node scripts/run-ts.mjs
// <file.ts> [args]` (npm scripts, the stack's seed step, the integration tests' migrations). The
// script is compiled to one JavaScript module by the same esbuild step that builds the production
// scripts (scripts/lib/compile.mjs), written beside its workspace (`.cache/scripts/`), and imported
// by plain Node: no TypeScript loader runs, so nothing of it can stall (docs/decisions/130).
// Scripts simply await at top level; those that finish call process.exit themselves (open pools).
//
// Node 20 only: a script that loads the Payload config now and then ended with exit code 13
// ("unsettled top-level await") or, under a loader, stopped for good, always at the same place:
// Lexical's entry modules (`*.node.mjs`) each await a dynamic import at top level, Payload's
// rich-text editor loads a dozen of them at once, and one of those imports never settles (a Node 20
// module-loader bug: 1 start in 3 of the seed, 0 in 12 on Node 24). Loaded one after another
// beforehand, they are cached when the config asks (docs/setup-notes.md, "Node 20 start stall").
// Production runs on Node 24 (docs/decisions/130) and needs none of this.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { compileScripts } from './lib/compile.mjs'

const file = process.argv[2]
if (!file) {
  console.error('usage: node scripts/run-ts.mjs <file.ts> [args]')
  process.exit(2)
}
process.argv.splice(2, 1)
process.setSourceMapsEnabled(true)

const source = path.resolve(file)
let workspace = path.dirname(source)
while (!existsSync(path.join(workspace, 'package.json')) && path.dirname(workspace) !== workspace) workspace = path.dirname(workspace)
const outdir = path.join(workspace, '.cache', 'scripts')
const name = `${path.basename(source).replace(/\.[cm]?tsx?$/, '')}.${process.pid}`

// Left behind by runs that were killed: anything older than a day.
if (existsSync(outdir)) {
  for (const f of readdirSync(outdir)) {
    const p = path.join(outdir, f)
    if (Date.now() - statSync(p).mtimeMs > 86_400_000) rmSync(p, { force: true })
  }
}
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

await compileScripts({ entries: { [name]: source }, outdir, sourcemap: 'inline' })
const compiled = path.join(outdir, `${name}.mjs`)
process.once('exit', () => rmSync(compiled, { force: true }))
await import(pathToFileURL(compiled).href)
