import { formatIst } from '@mentorloop/shared'
import { useEffect, useState } from 'react'

function left(ms: number): string {
  if (ms <= 0) return 'time is up'
  const minutes = Math.floor(ms / 60_000)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  if (days >= 2) return `${days} days left`
  if (hours >= 1) return `${hours} h ${minutes % 60} min left`
  return `${Math.max(1, minutes)} min left`
}

/**
 * A deadline: the time in India (server and page agree), and once the page runs, how long is left,
 * updated every half minute. Not announced on every change (screen readers read it on demand).
 */
export function Countdown({ until }: { until: string }) {
  const [remaining, setRemaining] = useState<string | null>(null)
  useEffect(() => {
    const tick = () => setRemaining(left(Date.parse(until) - Date.now()))
    tick()
    const timer = setInterval(tick, 30_000)
    return () => clearInterval(timer)
  }, [until])
  return (
    <span>
      <time dateTime={until}>{formatIst(until)}</time>
      {remaining ? (
        <span className="ml-1 font-semibold" data-testid="countdown">
          ({remaining})
        </span>
      ) : null}
    </span>
  )
}
