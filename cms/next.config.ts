import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const dirname = path.dirname(fileURLToPath(import.meta.url))

const nextConfig: NextConfig = {
  // node_modules is hoisted to the workspace root.
  turbopack: { root: path.resolve(dirname, '..') },
  outputFileTracingRoot: path.resolve(dirname, '..'),
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  poweredByHeader: false,
  transpilePackages: ['@mentorloop/shared'],
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
