import { defineConfig } from 'vitest/config'

/** Checks of the repository itself (lint boundaries, .env.example): `npm run test:unit` runs them. */
export default defineConfig({
  test: { environment: 'node', include: ['**/*.test.ts'], exclude: ['**/node_modules/**', 'checks/fixtures/**'] },
})
