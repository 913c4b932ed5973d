// Runs a TypeScript script through tsx with the event loop held open while modules load.
// On Node 20, tsx's module hooks run on a separate thread and the main thread now and then
// finds its event loop empty mid-load and exits with code 13 ("unsettled top-level await").
// A timer keeps the loop alive until the script has loaded and ends itself (process.exit).
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
await import(pathToFileURL(path.resolve(file)).href)
// The script decides when to exit; a script that just returns keeps no timer of ours.
clearInterval(keepAlive)
