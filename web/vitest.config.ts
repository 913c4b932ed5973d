import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: { environment: 'node', include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'server/**/*.test.ts', '*.test.ts'] },
})
