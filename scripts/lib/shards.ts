/**
 * Splits files into `count` groups of about equal measured time: longest first, each into the group
 * with the least time so far (the LPT rule; within 4/3 of the best split). A file with no figure yet
 * counts as the mean of the measured ones. The groups keep the files' own order inside them.
 */
export function splitByDuration(files: string[], seconds: Record<string, number>, count: number): string[][] {
  if (!Number.isInteger(count) || count < 1) throw new Error(`shards: ${count} is not a number of shards`)
  const known = files.map((f) => seconds[f]).filter((n): n is number => typeof n === 'number' && n >= 0)
  const fallback = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1
  const cost = (f: string) => seconds[f] ?? fallback
  const groups = Array.from({ length: count }, () => ({ files: [] as string[], total: 0 }))
  for (const file of [...files].sort((a, b) => cost(b) - cost(a) || a.localeCompare(b))) {
    const lightest = groups.reduce((min, g) => (g.total < min.total ? g : min))
    lightest.files.push(file)
    lightest.total += cost(file)
  }
  return groups.map((g) => files.filter((f) => g.files.includes(f))).filter((g) => g.length > 0)
}
