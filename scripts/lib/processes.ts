import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'

/**
 * Child processes of the orchestration scripts. Each runs in its own process group so that
 * stopping it also stops what it started (next's workers, vite), and none outlives us.
 */
export type Child = { name: string; proc: ChildProcess; exited: Promise<number | null> }

const children = new Set<Child>()

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m']

export function run(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; quiet?: boolean; onLine?: (line: string) => void },
): Child {
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const color = COLORS[children.size % COLORS.length]
  const prefix = `${color}${name.padEnd(4)}\x1b[0m │ `
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim() || line.includes('Unknown user config "nodedir"')) continue
      opts.onLine?.(line)
      if (!opts.quiet) process.stdout.write(prefix + line + '\n')
    }
  }
  proc.stdout?.on('data', forward)
  proc.stderr?.on('data', forward)
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  const child: Child = { name, proc, exited }
  children.add(child)
  void exited.then(() => children.delete(child))
  return child
}

/**
 * Runs a command to completion; rejects with its output when it fails. `timeoutMs` is a hang
 * guard: a step that does not finish in time is killed and fails (nothing is started again: a
 * step that hangs is a finding, docs/decisions/130).
 */
export async function runToEnd(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; quiet?: boolean; timeoutMs?: number },
): Promise<void> {
  const lines: string[] = []
  const child = run(name, command, args, { ...opts, onLine: (l) => lines.push(l) })
  let timedOut = false
  const timer = opts.timeoutMs
    ? setTimeout(() => {
        timedOut = true
        signalGroup(child, 'SIGKILL')
      }, opts.timeoutMs)
    : undefined
  const code = await child.exited
  clearTimeout(timer)
  if (code === 0) return
  throw new Error(`${name} failed (exit ${code}${timedOut ? ', killed at its time limit' : ''}):\n${lines.slice(-40).join('\n')}`)
}

/**
 * Starts a long-running command and resolves once it prints `readyLine`; a start that exits, or
 * neither prints it nor exits within `startTimeoutMs`, fails (killed, not started again).
 */
export async function startUntilReady(
  name: string,
  command: string,
  args: string[],
  opts: {
    cwd: string
    env: NodeJS.ProcessEnv
    quiet?: boolean
    onLine?: (line: string) => void
    readyLine: string
    startTimeoutMs: number
  },
): Promise<Child> {
  const lines: string[] = []
  let ready: () => void = () => {}
  const isReady = new Promise<void>((resolve) => {
    ready = resolve
  })
  const child = run(name, command, args, {
    ...opts,
    onLine: (line) => {
      lines.push(line)
      opts.onLine?.(line)
      if (line.includes(opts.readyLine)) ready()
    },
  })
  let timer: NodeJS.Timeout | undefined
  const outcome = await Promise.race([
    isReady.then(() => 'ready'),
    child.exited.then((code) => `exited with ${code}`),
    new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve(`did not start in ${Math.round(opts.startTimeoutMs / 1000)} s`), opts.startTimeoutMs)
    }),
  ])
  clearTimeout(timer)
  if (outcome === 'ready') return child
  signalGroup(child, 'SIGKILL')
  await child.exited
  throw new Error(`${name} ${outcome}:\n${lines.slice(-30).join('\n')}`)
}

function signalGroup(child: Child, signal: NodeJS.Signals) {
  if (child.proc.exitCode !== null || child.proc.pid === undefined) return
  try {
    process.kill(-child.proc.pid, signal)
  } catch {
    // already gone
  }
}

/**
 * Stops every child: `signal` (SIGTERM), then SIGKILL after a grace period. SIGINT lets a test
 * runner stop as on Ctrl-C, running its teardown (which stops the servers it started in process
 * groups of their own, out of reach of this signal).
 */
export async function stopAll(graceMs = 8000, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const all = [...children]
  for (const c of all) signalGroup(c, signal)
  await Promise.race([Promise.all(all.map((c) => c.exited)), new Promise((r) => setTimeout(r, graceMs))])
  for (const c of all) signalGroup(c, 'SIGKILL')
}

/** Synchronous last resort for signal handlers and process exit. */
export function killAllNow(): void {
  for (const c of children) signalGroup(c, 'SIGTERM')
}

/** Refuses to start a server on a port something else already listens on (a server left from another run would answer for it). */
export async function assertPortsFree(ports: number[]): Promise<void> {
  for (const port of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer()
      probe.once('error', () => resolve(false))
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
    })
    if (!free) throw new Error(`port ${port} is already in use (a server left from another run?): stop it, or choose other ports`)
  }
}

export async function waitForHttp(url: string, opts: { timeoutMs: number; child?: Child; okStatuses?: number[] }) {
  const deadline = Date.now() + opts.timeoutMs
  let lastError = ''
  while (Date.now() < deadline) {
    if (opts.child && opts.child.proc.exitCode !== null) {
      throw new Error(`${opts.child.name} exited (code ${opts.child.proc.exitCode}) before ${url} answered`)
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(60_000), redirect: 'manual' })
      if ((opts.okStatuses ?? [200]).includes(res.status)) return
      lastError = `HTTP ${res.status}`
    } catch (error) {
      lastError = (error as Error).message
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not answer within ${opts.timeoutMs / 1000}s (${lastError})`)
}
