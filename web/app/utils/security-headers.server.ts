import { env } from './env.server'

const origin = (url: string | undefined) => {
  if (!url) return null
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

/**
 * Security headers for every document and data response. The CSP applies to production builds
 * (the Vite dev server injects its own inline scripts); scripts need the request's nonce.
 */
export function securityHeaders(nonce: string): Record<string, string> {
  const cms = origin(env.CMS_PUBLIC_URL)
  const issuer = env.usingGoogle ? 'https://accounts.google.com' : origin(env.OIDC_ISSUER)
  const razorpay = env.RAZORPAY_KEY_ID ? ['https://checkout.razorpay.com', 'https://api.razorpay.com'] : []
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  }
  if (env.isProduction) {
    const csp = [
      `default-src 'self'`,
      `script-src 'self' 'nonce-${nonce}' ${razorpay.join(' ')}`.trim(),
      `style-src 'self' 'unsafe-inline'`,
      `img-src 'self' data: blob: https://lh3.googleusercontent.com ${cms ?? ''}`.trim(),
      `font-src 'self' data:`,
      `connect-src 'self' ${razorpay.join(' ')}`.trim(),
      `frame-src 'self' ${razorpay.join(' ')}`.trim(),
      // The CMS embeds the site for live preview; nobody else may frame it.
      `frame-ancestors 'self' ${cms ?? ''}`.trim(),
      // Sign-in forms redirect to the identity provider.
      `form-action 'self' ${issuer ?? ''}`.trim(),
      `base-uri 'self'`,
      `object-src 'none'`,
    ]
    headers['Content-Security-Policy'] = csp.join('; ')
    if (env.WEB_PUBLIC_URL.startsWith('https://')) {
      headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains; preload'
    }
  }
  return headers
}
