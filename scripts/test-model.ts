/**
 * `npm run test:model -- --runs N [--seed S] [--steps K]`: the model-based test of the seat rules
 * (cms/tests/int/model.int.test.ts, docs/decisions/073-a-model-of-the-rules.md) for as many random
 * runs as asked, for nights. `npm test` runs it bounded, with a fixed seed.
 */
import path from 'node:path'
import { runToEnd } from './lib/processes'
import { ROOT } from './lib/stack'

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`)
  const inline = process.argv.find((a) => a.startsWith(`--${name}=`))
  return inline ? inline.split('=')[1] : i >= 0 ? process.argv[i + 1] : undefined
}
const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '1' }
if (arg('runs')) env.MODEL_RUNS = arg('runs')
if (arg('seed')) env.MODEL_SEED = arg('seed')
if (arg('steps')) env.MODEL_STEPS = arg('steps')
await runToEnd('model', path.join(ROOT, 'node_modules/.bin/vitest'), ['run', '--project', 'int', 'tests/int/model.int.test.ts'], {
  cwd: path.join(ROOT, 'cms'),
  env,
})
