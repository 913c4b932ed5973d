import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/**
 * Every CMS response (/admin, the REST and GraphQL API, media): nobody else frames /admin (the
 * site, which live preview frames, sends its own frame-ancestors naming this origin), no MIME
 * sniffing, no full URLs in Referer. HSTS only in production builds and only on requests that came
 * over HTTPS (the proxy's X-Forwarded-Proto): a plain-HTTP local run never pins itself to HTTPS.
 */
export const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: "frame-ancestors 'self'" },
  { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
]
const HSTS = { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }

const nextConfig: NextConfig = {
  // node_modules is hoisted to the workspace root.
  turbopack: { root: path.resolve(dirname, '..') },
  outputFileTracingRoot: path.resolve(dirname, '..'),
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  poweredByHeader: false,
  // `npm test` type-checks every workspace in its first phase (turbo typecheck) and then builds
  // the same code: BUILD_SKIP_TYPECHECK=1 spares the build a second, identical check. Every other
  // build (Docker, `npm run build`) checks types as usual.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === '1' },
  transpilePackages: ['@mentorloop/shared'],
  // pdfkit reads its font metrics from its own folder at run time: load it from node_modules, unbundled.
  serverExternalPackages: ['pdfkit'],
  // The receipt's font with the ₹ sign is read from node_modules at run time (cms/lib/pdfFonts.ts):
  // a standalone build (docker) must carry the files.
  outputFileTracingIncludes: { '/*': ['../node_modules/@expo-google-fonts/noto-sans/{400Regular,700Bold}/*.ttf'] },
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      ...(process.env.NODE_ENV === 'production'
        ? [{ source: '/:path*', has: [{ type: 'header' as const, key: 'x-forwarded-proto', value: 'https' }], headers: [HSTS] }]
        : []),
    ]
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
