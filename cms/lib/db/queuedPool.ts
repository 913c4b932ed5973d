import pg from 'pg'

/**
 * node-postgres with a bounded, first-come-first-served wait in front of the pool
 * (docs/decisions/071-busy-is-not-down.md). A request that finds every connection busy waits its
 * turn for up to `QUEUE_WAIT_MS` (a rush of bookings is served in order); a database that cannot be
 * reached fails fast instead, because then opening a connection fails at once (refused, or the
 * pool's own connect timeout), and every request still waiting is told so at the same moment.
 *
 * pg-pool's own `connectionTimeoutMillis` covers both "wait for a free connection" and "open a new
 * one", which turned a rush into 503s after 5 s. Here the pool never has more callers than
 * connections, so its timeout only measures opening a connection: "down", not "busy".
 */
export const QUEUE_WAIT_MS = Number(process.env.DATABASE_QUEUE_WAIT_MS ?? 60_000)
export const QUEUE_MAX = Number(process.env.DATABASE_QUEUE_MAX ?? 5_000)

/** The pool is busy past what a caller should wait for: a 503 like an outage, but it says which. */
export class PoolBusyError extends Error {
  code = 'POOL_BUSY'
  constructor(message: string) {
    super(message)
    this.name = 'PoolBusyError'
  }
}

type Release = (err?: Error | boolean) => void
type Waiter = { grant: () => void; fail: (error: Error) => void }
type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: Release) => void

const NETWORK = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|timeout|terminated|the database system is/i

class QueuedPool extends pg.Pool {
  private permits: number
  private readonly waiting: Waiter[] = []
  /** Payload's adapter keeps its first connection checked out for good (it watches it to reconnect). */
  private watcherTaken = false

  constructor(options: pg.PoolConfig = {}) {
    const permits = Math.max(1, options.max ?? 10)
    // One more real connection than permits: the adapter's watcher holds one outside the queue.
    super({ ...options, max: permits + 1 })
    this.permits = permits
  }

  /** Callers waiting for a connection now (for logs and tests). */
  get queued(): number {
    return this.waiting.length
  }

  override connect(): Promise<pg.PoolClient>
  override connect(callback: Callback): void
  override connect(callback?: Callback): Promise<pg.PoolClient> | undefined {
    const promise = this.checkout()
    if (!callback) return promise
    promise.then(
      (client) => callback(undefined, client, client.release as Release),
      (error: Error) => callback(error),
    )
    return undefined
  }

  private async checkout(): Promise<pg.PoolClient> {
    if (!this.watcherTaken) {
      this.watcherTaken = true
      return super.connect()
    }
    await this.acquire()
    let client: pg.PoolClient
    try {
      client = await super.connect()
    } catch (error) {
      this.releasePermit()
      if (NETWORK.test(String((error as Error)?.message ?? '')) || (error as { code?: string })?.code?.startsWith?.('08')) {
        // The database cannot be reached: everyone still waiting would only try and fail in turn.
        this.failWaiting(error as Error)
      }
      throw error
    }
    const release = client.release as Release
    let released = false
    client.release = ((err?: Error | boolean) => {
      if (!released) {
        released = true
        this.releasePermit()
      }
      return release(err)
    }) as typeof client.release
    return client
  }

  private acquire(): Promise<void> {
    if (this.permits > 0) {
      this.permits--
      return Promise.resolve()
    }
    if (this.waiting.length >= QUEUE_MAX) {
      return Promise.reject(new PoolBusyError(`too many requests waiting for a database connection (${QUEUE_MAX})`))
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer)
          resolve()
        },
        fail: (error) => {
          clearTimeout(timer)
          reject(error)
        },
      }
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter)
        if (at >= 0) this.waiting.splice(at, 1)
        reject(new PoolBusyError(`waited ${QUEUE_WAIT_MS} ms for a database connection`))
      }, QUEUE_WAIT_MS)
      timer.unref?.()
      this.waiting.push(waiter)
    })
  }

  private releasePermit(): void {
    const next = this.waiting.shift()
    if (next) next.grant()
    else this.permits++
  }

  private failWaiting(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.fail(error)
  }
}

/** The `pg` module for @payloadcms/db-postgres's `pg` option: the same driver with the queued Pool. */
export const queuedPg = { ...pg, Pool: QueuedPool } as unknown as typeof pg
