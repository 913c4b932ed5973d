// The one way we run a TypeScript script: `node scripts/run-ts.mjs <file.ts> [args]` (npm scripts,
// the stack's seed step, the integration tests' migrations). Scripts simply await at top level.
//
// Why not plain `tsx <file>`: on Node 20, tsx's module hooks run on a separate thread, and while a
// script awaits at top level (Payload starting, say) the main thread now and then finds its event
// loop empty and exits with code 13 ("unsettled top-level await", tsx issue #233). A timer keeps
// the loop alive until the script's top level has settled; a rejection there exits 1 with the
// error printed. Scripts that finish call process.exit themselves (open pools, watchers);
// long-running ones (dev, start) just return and live on their child processes and servers.
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
try {
  await import(pathToFileURL(path.resolve(file)).href)
} finally {
  clearInterval(keepAlive)
}
