import { existsSync } from 'node:fs'
import path from 'node:path'

/**
 * Imported first by every production script (its imports run in order, before the environment is
 * parsed): `.env` from the working directory, or the one above it (`npm run -w cms` runs in cms/).
 * Variables already set win, so a container's or a test's environment is never overridden. No
 * file: nothing to do (containers pass their environment directly).
 */
for (const dir of [process.cwd(), path.dirname(process.cwd())]) {
  const file = path.join(dir, '.env')
  if (existsSync(file)) {
    process.loadEnvFile(file)
    break
  }
}
