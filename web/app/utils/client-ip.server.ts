import type { AppLoadContext } from '@remix-run/node'
import { env } from './env.server'

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The TCP peer's address, from server.js (absent under the Vite dev server). */
    socketAddress?: string | null
  }
}

/** The bucket of requests whose address nobody told us (the Vite dev server: this machine). */
export const UNKNOWN_CLIENT = 'unknown'

/**
 * The visitor's IP for per-IP rate limits. With TRUSTED_PROXY_COUNT=N (N proxies in front of the
 * site, each appending the address it saw to X-Forwarded-For), the Nth entry from the right: the
 * one our outermost proxy wrote; entries left of it are whatever the client sent. Without it,
 * X-Forwarded-For is the client's own claim and ignored: the socket's address. Never null: a
 * request without either still counts, in one shared bucket, rather than skipping the limit.
 */
export function clientIp(
  request: Request,
  context?: Pick<AppLoadContext, 'socketAddress'> | null,
  trustedProxies: number = env.TRUSTED_PROXY_COUNT,
): string {
  const socket = context?.socketAddress?.trim() || null
  if (trustedProxies > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
    const hop = hops.length >= trustedProxies ? hops[hops.length - trustedProxies] : undefined
    if (hop && hop.length <= 64) return hop
  }
  return socket && socket.length <= 64 ? socket : UNKNOWN_CLIENT
}
