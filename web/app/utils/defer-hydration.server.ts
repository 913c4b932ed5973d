/**
 * Hydration starts after the page has loaded (docs/decisions/123-hydration-after-load.md).
 *
 * Remix's `<Scripts>` asks the browser for every module of the page while it is still reading the
 * HTML (`<link rel="modulepreload">` in the head, static imports in an inline module script), so on
 * a slow connection the scripts share the bandwidth with the page itself and its first paint waits
 * for them. Every page is complete without JavaScript (its forms are Remix `<Form>`s that work
 * before hydration), so the scripts are better asked for once the page is on screen.
 *
 * This rewrites the rendered document: the modulepreload links go (React puts them back in the
 * head while hydrating, when they cost nothing), and the inline module script's static imports
 * become dynamic ones, run at the window's `load` event (at once when it has passed). The rest of
 * the script, which sets the manifest and the route modules and then imports the entry, runs as
 * before, after them. A document that does not look as expected is returned unchanged, so a change
 * in Remix's output costs the deferral, never the hydration.
 */

const PRELOAD = /<link rel="modulepreload"[^>]*>/g
/** The inline module script `<Scripts>` renders: its nonce attribute, then `type="module" async=""`. */
const MODULE_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)(<\/script>)/
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\\]+");$/gm
const BARE_IMPORT = /^;?import ("[^"\\]+");$/gm

export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html)
  if (!script) return html
  const [whole, open, body, close] = script as unknown as [string, string, string, string]
  const names: string[] = []
  const urls: string[] = []
  let rest = body.replace(ROUTE_IMPORT, (_m, name: string, url: string) => {
    names.push(name)
    urls.push(url)
    return ''
  })
  rest = rest.replace(BARE_IMPORT, (_m, url: string) => {
    urls.push(url)
    return ''
  })
  // Anything else that imports statically (a future Remix) would break inside a function: leave it.
  if (!rest.includes('import(') || /^\s*import\s/m.test(rest) || names.length === 0) return html
  const bindings = names.map((name, i) => `var ${name}=m[${i}];`).join('')
  const deferred =
    `(function(){var go=function(){Promise.all([${urls.map((u) => `import(${u})`).join(',')}]).then(function(m){${bindings}\n${rest.trim()}\n})};` +
    `if(document.readyState==="complete")go();else window.addEventListener("load",go,{once:true})})();`
  const start = script.index
  return (html.slice(0, start) + open + deferred + close + html.slice(start + whole.length)).replace(PRELOAD, '')
}
