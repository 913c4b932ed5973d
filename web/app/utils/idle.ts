/**
 * Run `task` when the browser is idle (after a short delay where requestIdleCallback is missing,
 * as in Safari); returns a cancel function. For work that must not compete with the first paint
 * or hydration: loading a chunk the page will need soon.
 */
export function whenIdle(task: () => void, fallbackDelayMs = 300): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task)
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(task, fallbackDelayMs)
  return () => clearTimeout(id)
}
