// `npm run build` (through the CMS workspace's build): every production script compiled to plain
// JavaScript in cms/dist/, run with `node` and production dependencies only (no TypeScript loader
// at run time, docs/decisions/130-compiled-scripts.md). The outputs import node_modules from the
// CMS workspace, which is why they sit there, the launcher of `npm start` among them.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { compileScripts } from './lib/compile.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** What production runs: `node cms/dist/<name>.mjs`. */
export const PRODUCTION_SCRIPTS = {
  worker: 'cms/scripts/worker.ts',
  migrate: 'cms/scripts/migrate.ts',
  'content-init': 'cms/scripts/content-init.ts',
  backup: 'cms/scripts/backup.ts',
  restore: 'cms/scripts/restore.ts',
  start: 'scripts/start.ts',
}

const started = Date.now()
await compileScripts({
  entries: Object.fromEntries(Object.entries(PRODUCTION_SCRIPTS).map(([name, file]) => [name, path.join(ROOT, file)])),
  outdir: path.join(ROOT, 'cms/dist'),
})
console.log(`production scripts compiled to cms/dist in ${Date.now() - started} ms: ${Object.keys(PRODUCTION_SCRIPTS).join(', ')}`)
