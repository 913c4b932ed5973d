/**
 * Where to send someone after sign-in: only a path on this site, never another origin
 * ("//evil.com", "https://…", "/\\evil.com" are all refused).
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  if (!to || typeof to !== 'string') return fallback
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  if (/[\r\n\t]/.test(to)) return fallback
  return to
}
