import { z } from 'zod'

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

export const errorBodySchema = z.object({
  code: z.string(),
  title: z.string(),
  message: z.string(),
  error: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  requiresPayment: z.literal(true).optional(),
})

/** The envelope inside an unknown response body, or null when it is not one of ours. */
export function parseErrorBody(body: unknown): ErrorBody | null {
  const parsed = errorBodySchema.safeParse(body)
  return parsed.success ? parsed.data : null
}

/** An envelope built outside the CMS (the site's own refusals use the same shape). */
export function errorBody(code: string, message: string, opts: { title?: string; error?: string } = {}): ErrorBody {
  return { code, title: opts.title ?? message, message, error: opts.error ?? message }
}
