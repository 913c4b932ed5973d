/**
 * Runs a script's main function with the event loop held open until it settles, then exits.
 * Under tsx on Node 20 a script awaiting at top level now and then exits early with code 13
 * ("unsettled top-level await") while Payload starts (tsx issue #233): nothing kept the loop
 * alive while work was still in flight. A plain timer keeps it alive; the exit code is ours.
 */
export function keepAliveUntilDone(main: () => Promise<void>): void {
  const keepAlive = setInterval(() => {}, 60_000)
  main().then(
    () => {
      clearInterval(keepAlive)
      process.exit(0)
    },
    (error: unknown) => {
      clearInterval(keepAlive)
      console.error(error)
      process.exit(1)
    },
  )
}
