/** Liveness: the process answers. */
export function loader() {
  return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
}
