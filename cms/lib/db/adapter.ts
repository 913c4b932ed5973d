import path from 'node:path'
import { postgresAdapter } from '@payloadcms/db-postgres'
import type { BaseDatabaseAdapter, DatabaseAdapterObj } from 'payload'
import { addBusinessConstraints } from '../dbConstraints'
import { env } from '../env'
import { installExclusivePickup } from '../jobs/exclusivePickup'
import { installKeptCounts } from './keptCounts'
import { queuedPg } from './queuedPool'

/**
 * The PostgreSQL adapter as we run it: node-postgres behind a first-come-first-served wait
 * (queuedPool.ts: a rush waits its turn, an unreachable database fails fast) and Payload's job
 * pick-up made exclusive (exclusivePickup.ts) and lists' totals kept while their table is unchanged
 * (keptCounts.ts), for every process that opens the database.
 */
export function databaseAdapter(dirname: string): DatabaseAdapterObj {
  const base = postgresAdapter({
    pg: queuedPg,
    // Opening a connection takes at most 5 s (an unreachable database answers 503 soon); waiting for
    // a busy pool is queuedPool's bounded queue, not this timeout. An idle connection is kept for a
    // minute (pg-pool's default is 10 s): a new one costs a PostgreSQL backend and plans the prepared
    // reads again, which put the first reads after a quiet spell in the tail (docs/decisions/082).
    pool: {
      connectionString: env.DATABASE_URL,
      max: Number(process.env.DATABASE_POOL_MAX ?? 20),
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 60_000,
      // No JIT compilation: our reads are short, and PostgreSQL's JIT (on by default wherever the
      // server is built with LLVM, as the official image is) compiled the admin home's waiting
      // counts for 1.3 s to run a 0.2 s query at 50,000 students. No parallel workers either: the
      // admin list's count over 200,000 payments took 15-18 ms in three processes against 20 ms in
      // one, and the other two cores' worth were taken from the students' reads beside it
      // (docs/decisions/208).
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    },
    // The schema comes from committed migrations everywhere (dev, tests, production), so what we
    // test is what we ship; `npm run migrate:create` after changing a collection. They are applied
    // by the release step alone (`npm run migrate`, one runner under an advisory lock), never by an
    // instance as it starts: instances refuse traffic while one is pending (docs/decisions/131).
    push: false,
    migrationDir: path.resolve(dirname, 'migrations'),
    afterSchemaInit: [addBusinessConstraints],
  })
  return {
    ...base,
    init: (args) => {
      const adapter = base.init(args) as BaseDatabaseAdapter
      installExclusivePickup(adapter)
      installKeptCounts(adapter)
      return adapter
    },
  }
}
