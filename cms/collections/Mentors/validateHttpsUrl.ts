/** An optional https address (a LinkedIn profile): empty is fine, anything else must parse as https with a host. */
export function validateHttpsUrl(value: unknown): true | string {
  if (value == null || value === '') return true
  if (typeof value !== 'string') return 'Enter a web address.'
  try {
    const url = new URL(value.trim())
    if (url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password) return true
  } catch {
    // fall through
  }
  return 'Enter a full https:// address, e.g. https://www.linkedin.com/in/your-name.'
}
