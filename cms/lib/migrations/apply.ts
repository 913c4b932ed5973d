import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload } from 'payload'
import { migrations } from '../../migrations'
import { LOCKS, withTryLock } from '../advisoryLock'
import { migrationStatus } from './status'

/**
 * Applies the pending committed migrations, one runner at a time: PostgreSQL's advisory lock, waited
 * for, so a second runner (another release job, `npm run dev` beside a test) waits and then finds
 * nothing to do. Each migration runs in its own transaction (Payload's migrate). Returns how many ran.
 */
export async function applyPendingMigrations(payload: Payload): Promise<number> {
  const outcome = await withTryLock(
    payload,
    LOCKS.migrations,
    async () => {
      const { pending } = await migrationStatus(payload)
      if (pending.length > 0) await payload.db.migrate({ migrations: migrations as never })
      return pending.length
    },
    { wait: true },
  )
  return outcome.ran ? outcome.value : 0
}

/**
 * Payload's migrateDown, on the migrations this release was built with (Payload's own reads the
 * TypeScript files from disk, which a compiled release does not have): the newest batch, newest
 * first, each in its own transaction with its row in payload_migrations, under the same lock.
 */
export async function undoLastBatch(payload: Payload): Promise<string[]> {
  const outcome = await withTryLock(
    payload,
    LOCKS.migrations,
    async () => {
      const status = await migrationStatus(payload)
      const batch = Math.max(0, ...status.applied.map((a) => a.batch))
      const names = status.applied
        .filter((a) => a.batch === batch)
        .map((a) => a.name)
        .reverse()
      for (const name of names) {
        const migration = migrations.find((m) => m.name === name)
        if (!migration) throw new Error(`${name} is not part of this release: roll back with the release that applied it`)
        const req = await createLocalReq({}, payload)
        await initTransaction(req)
        try {
          const db = (payload.db as unknown as { sessions: Record<string, { db: unknown }> }).sessions[String(await req.transactionID)]!.db
          await migration.down({ db, payload, req } as never)
          await payload.delete({ collection: 'payload-migrations', where: { name: { equals: name } }, req, overrideAccess: true })
          await commitTransaction(req)
        } catch (error) {
          await killTransaction(req)
          throw error
        }
      }
      return names
    },
    { wait: true },
  )
  return outcome.ran ? outcome.value : []
}
