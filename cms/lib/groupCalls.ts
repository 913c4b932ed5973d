/**
 * Group commit by key (docs/decisions/125): the first call for a key runs at once, on its own;
 * calls for the same key that arrive while a group runs wait and then run together as the next
 * group (at most `max` at a time), so under a rush one transaction does the work of many and at
 * quiet times nobody waits. Groups of one key run one after another, groups of different keys side
 * by side. `run` answers each item of a group in order: a value, or an error for that item alone;
 * when `run` itself throws, every item of that group gets the error.
 *
 * Per process: it saves work, it decides nothing. Whatever must hold across processes is held by
 * the database (locks, unique indexes) inside `run`.
 */
export type GroupAnswer<O> = { ok: true; value: O } | { ok: false; error: unknown }

type Waiting<I, O> = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }

export function groupCalls<K, I, O>(
  run: (key: K, items: I[]) => Promise<GroupAnswer<O>[]>,
  opts: { max: number },
): (key: K, item: I) => Promise<O> {
  const waiting = new Map<K, Waiting<I, O>[]>()

  async function drain(key: K, line: Waiting<I, O>[]) {
    while (line.length > 0) {
      const group = line.splice(0, opts.max)
      try {
        const answers = await run(
          key,
          group.map((g) => g.item),
        )
        group.forEach((g, i) => {
          const answer = answers[i]
          if (!answer) g.reject(new Error('A grouped call got no answer'))
          else if (answer.ok) g.resolve(answer.value)
          else g.reject(answer.error)
        })
      } catch (error) {
        for (const g of group) g.reject(error)
      }
    }
    waiting.delete(key)
  }

  return (key, item) =>
    new Promise<O>((resolve, reject) => {
      const line = waiting.get(key)
      if (line) {
        line.push({ item, resolve, reject })
        return
      }
      const fresh = [{ item, resolve, reject }]
      waiting.set(key, fresh)
      void drain(key, fresh)
    })
}
