/** Liveness: the process answers. */
export function loader() {
  return Response.json({ status: 'up' }, { headers: { 'Cache-Control': 'no-store' } })
}
