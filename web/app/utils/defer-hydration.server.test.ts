import { describe, expect, it } from 'vitest'
import { deferHydration } from './defer-hydration.server'

// What Remix 2's <Scripts> renders with lazy route discovery on (components.js), as React 19 sends it.
const remixModuleScript = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/_index-B.js";
window.__remixManifest = {
  "entry": { "module": "/assets/entry.client-C.js", "imports": ["/assets/jsx-runtime-D.js"], "css": [] },
  "url": "/assets/manifest-1.js",
  "version": "1"
};
window.__remixRouteModules = {"root":route0,"routes/_index":route1};

import("/assets/entry.client-C.js");`

const page = (moduleScript: string) =>
  '<!DOCTYPE html><html lang="en-IN"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/tailwind-X.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-C.js"/><link rel="modulepreload" href="/assets/jsx-runtime-D.js"/>' +
  '<link rel="modulepreload" href="/assets/root-A.js"/></head><body><main><p>A page complete without JavaScript</p></main>' +
  '<script nonce="n0nce">window.__remixContext = {"state":{}};</script>' +
  `<script nonce="n0nce" type="module" async="">${moduleScript}</script>` +
  '<script nonce="n0nce">window.__remixContext.streamController.enqueue("[]")</script></body></html>'

/** Runs the rewritten module script with `import()` and the window's load event recorded. */
function runScript(html: string, readyState: 'loading' | 'complete') {
  const code = /type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
  const imported: string[] = []
  const listeners: Array<() => void> = []
  const window = {
    addEventListener: (type: string, fn: () => void) => type === 'load' && listeners.push(fn),
  } as Record<string, unknown>
  const load = (url: string) => {
    imported.push(url)
    return Promise.resolve({ url })
  }
  new Function('window', 'document', '__import', code.replaceAll('import(', '__import('))(window, { readyState }, load)
  const fireLoad = () => {
    for (const fn of listeners.splice(0)) fn()
  }
  return { imported, window, fireLoad }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('deferHydration', () => {
  it('drops the modulepreload links and keeps everything else of the page', () => {
    const html = deferHydration(page(remixModuleScript))
    expect(html).not.toContain('modulepreload')
    expect(html).toContain('<link rel="stylesheet" href="/assets/tailwind-X.css"/>')
    expect(html).toContain('<p>A page complete without JavaScript</p>')
    expect(html).toContain('<script nonce="n0nce">window.__remixContext = {"state":{}};</script>')
    expect(html).toContain('enqueue("[]")')
    expect(html).not.toMatch(/^\s*import \* as/m)
  })

  it('asks for no module before the load event, then for the route modules and, after them, the entry', async () => {
    const { imported, window, fireLoad } = runScript(deferHydration(page(remixModuleScript)), 'loading')
    await settle()
    expect(imported).toEqual([])
    fireLoad()
    await settle()
    expect(imported).toEqual(['/assets/root-A.js', '/assets/_index-B.js', '/assets/entry.client-C.js'])
    expect(window.__remixRouteModules).toEqual({ root: { url: '/assets/root-A.js' }, 'routes/_index': { url: '/assets/_index-B.js' } })
    expect(window.__remixManifest).toMatchObject({ version: '1' })
  })

  it('starts at once when the load event has already passed', async () => {
    const { imported } = runScript(deferHydration(page(remixModuleScript)), 'complete')
    await settle()
    expect(imported.at(-1)).toBe('/assets/entry.client-C.js')
  })

  it('imports the manifest too when Remix inlines no partial one', async () => {
    const script = remixModuleScript.replace(/^;\n/, 'import "/assets/manifest-1.js";\n')
    const { imported, fireLoad } = runScript(deferHydration(page(script)), 'loading')
    fireLoad()
    await settle()
    expect(imported).toEqual(['/assets/root-A.js', '/assets/_index-B.js', '/assets/manifest-1.js', '/assets/entry.client-C.js'])
  })

  it('leaves a document it does not recognise as it is', () => {
    const unknown = page('import { x } from "/assets/x.js";\nimport("/assets/entry.client-C.js");')
    expect(deferHydration(unknown)).toBe(unknown)
    const noScript = '<!DOCTYPE html><html><body><p>Not found</p></body></html>'
    expect(deferHydration(noScript)).toBe(noScript)
  })
})
