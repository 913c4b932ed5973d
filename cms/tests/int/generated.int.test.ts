import { readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Payload } from 'payload'
import { generateTypes } from 'payload/node'
import { beforeAll, describe, expect, it } from 'vitest'
import { setUpWorld } from '../fixtures'

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld()))

/** What we generate from the config is committed; these fail when someone forgets to regenerate. */
const dirname = path.dirname(fileURLToPath(import.meta.url))
const migrationsDir = path.resolve(dirname, '../../migrations')

describe('generated files are current', () => {
  it('the committed Payload types match the collections (npm run generate:types -w cms)', async () => {
    const tmp = path.join(os.tmpdir(), `payload-types-${process.pid}.ts`)
    process.env.PAYLOAD_TS_OUTPUT_PATH = tmp
    try {
      await generateTypes(payload.config, { log: false })
      expect(readFileSync(tmp, 'utf8')).toBe(readFileSync(payload.config.typescript.outputFile!, 'utf8'))
    } finally {
      delete process.env.PAYLOAD_TS_OUTPUT_PATH
      rmSync(tmp, { force: true })
    }
  })

  it('the committed migrations match the schema (npm run migrate:create -w cms -- name)', async () => {
    const db = payload.db as unknown as {
      schema: unknown
      requireDrizzleKit: () => { generateDrizzleJson: (schema: unknown) => Promise<Record<string, unknown>> }
    }
    // Compare the schema snapshots themselves (drizzle-kit's diff may stop to ask about renames,
    // which hangs without a terminal); ids differ per generation and are left out.
    const { generateDrizzleJson } = db.requireDrizzleKit()
    const latest = readdirSync(migrationsDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .reverse()[0]!
    const strip = ({ id: _id, prevId: _prevId, ...rest }: Record<string, unknown>) => rest
    const committed = strip(JSON.parse(readFileSync(path.join(migrationsDir, latest), 'utf8')))
    const current = strip(JSON.parse(JSON.stringify(await generateDrizzleJson(db.schema))))
    expect(current).toEqual(committed)
  })
})
