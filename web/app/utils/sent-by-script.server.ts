/**
 * Whether a form post was sent by the page's script (a Remix fetcher: the answer is data the page
 * shows in place) or by the browser itself (a plain post, before or without JavaScript: the answer
 * is a whole page). The browser says which in its Fetch Metadata: `Sec-Fetch-Dest` is `empty` for a
 * script's fetch and `document` (or `iframe`) for a form it submits itself. A browser that sends no
 * Fetch Metadata is judged by the `js=1` field the page adds once it has hydrated.
 *
 * The field alone left a gap: React adds it in a re-render after it has taken the page over, and a
 * press in between went out from the script without it, to be answered as if the browser had no
 * JavaScript (the question bank's "needs JavaScript", and no checkout). Seen under load in CI and
 * reproduced with Chromium's CPU slowed 6x (docs/decisions/211).
 */
export function sentByScript(request: Request, form: FormData): boolean {
  const dest = request.headers.get('sec-fetch-dest')
  if (dest) return dest === 'empty'
  return form.get('js') === '1'
}
