import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * Compares the service key in constant time. Both sides are hashed first so the comparison
 * neither leaks the key's length nor throws on different lengths.
 */
export function isValidServiceKey(given: string | null | undefined, expected: string): boolean {
  if (!given || !expected) return false
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}
