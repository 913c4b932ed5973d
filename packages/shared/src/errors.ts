/**
 * The one error envelope every custom CMS endpoint answers with (docs/decisions/042-one-endpoint-shape.md).
 * - `code`: stable, for programs (the site branches on it, never on the wording).
 * - `title`: the dialog or toast title a person sees ("Payment Required", "Cannot Purchase Plan").
 * - `message`: the sentence under it (the spec's texts where it names one).
 * - `error`: what the spec's own clients read as the error text: the title for the booking calls
 *   (docs/spec.md: "Payment Required - Please subscribe..."), the sentence everywhere else.
 * - `fieldErrors`: for a 400 on a form, the first message per field.
 */
export type ErrorBody = {
  code: string
  title: string
  message: string
  error: string
  fieldErrors?: Record<string, string>
  requiresPayment?: true
}

const isText = (v: unknown): v is string => typeof v === 'string'

/**
 * The envelope inside an unknown response body, or null when it is not one of ours. A plain check,
 * not a zod schema: it runs in the browser on every page with a payment button, and zod would be a
 * quarter of the landing page's JavaScript (bench/landing).
 */
export function parseErrorBody(body: unknown): ErrorBody | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null
  const b = body as Record<string, unknown>
  if (!isText(b.code) || !isText(b.title) || !isText(b.message) || !isText(b.error)) return null
  const out: ErrorBody = { code: b.code, title: b.title, message: b.message, error: b.error }
  if (b.fieldErrors !== undefined) {
    const f = b.fieldErrors
    if (!f || typeof f !== 'object' || Array.isArray(f) || !Object.values(f).every(isText)) return null
    out.fieldErrors = { ...(f as Record<string, string>) }
  }
  if (b.requiresPayment !== undefined) {
    if (b.requiresPayment !== true) return null
    out.requiresPayment = true
  }
  return out
}

/** An envelope built outside the CMS (the site's own refusals use the same shape). */
export function errorBody(code: string, message: string, opts: { title?: string; error?: string } = {}): ErrorBody {
  return { code, title: opts.title ?? message, message, error: opts.error ?? message }
}
