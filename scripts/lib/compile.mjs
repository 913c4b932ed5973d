// TypeScript scripts compiled to plain JavaScript with esbuild, one module per entry point: our own
// code (and the workspace packages, which ship TypeScript sources) inlined, every package from
// node_modules left as an import. Used twice, with the same options:
// - `npm run build` writes the production scripts (the worker, migrations, content:init, backup,
//   restore, `npm start`) to dist/ folders, which production runs with plain `node` (no TypeScript
//   loader at run time, docs/decisions/130-compiled-scripts.md);
// - scripts/run-ts.mjs compiles a script the same way just before running it (dev tooling, tests).
//
// Plain JavaScript itself, so nothing is needed to run it but Node.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

/** Imports resolved inside the bundle: workspace packages and the tsconfig path aliases. */
const INLINE = [/^@mentorloop\//, /^@payload-config$/, /^@\//, /^~\//]

/** @type {import('esbuild').Plugin} */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (path.isAbsolute(args.path) || INLINE.some((re) => re.test(args.path))) return undefined
      return { path: args.path, external: true }
    })
  },
}

// A bundled module lives elsewhere than its sources: `import.meta.url` keeps naming the source file
// (payload.config.ts and the Media collection resolve folders from it), as it does under a loader.
/** @type {import('esbuild').Plugin} */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      const { readFile } = await import('node:fs/promises')
      const source = await readFile(args.path, 'utf8')
      if (!source.includes('import.meta.url')) return undefined
      return {
        contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      }
    })
  },
}

/**
 * Compiles `entries` ({ outputName: sourceFile }) into `outdir` as `<outputName>.mjs`. The output
 * folder must sit where its imports resolve (node_modules above it), which is why each workspace's
 * scripts go to that workspace's own dist/.
 * @param {{ entries: Record<string, string>, outdir: string, sourcemap?: 'linked' | 'inline' }} opts
 */
export async function compileScripts({ entries, outdir, sourcemap = 'linked' }) {
  mkdirSync(outdir, { recursive: true })
  await build({
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap,
    logLevel: 'warning',
    plugins: [externals, ownUrl],
  })
}
