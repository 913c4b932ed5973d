import { formatCountdown, formatDateTime } from '@mentorloop/shared'
import { useEffect, useState } from 'react'

/**
 * A deadline: the time in India (server and page agree), and once the page runs, how long is left,
 * updated every half minute. Not announced on every change (screen readers read it on demand).
 */
export function Countdown({ until }: { until: string }) {
  const [remaining, setRemaining] = useState<string | null>(null)
  useEffect(() => {
    const tick = () => setRemaining(formatCountdown(Date.parse(until) - Date.now()))
    tick()
    const timer = setInterval(tick, 30_000)
    return () => clearInterval(timer)
  }, [until])
  return (
    <span>
      <time dateTime={until}>{formatDateTime(until)}</time>
      {remaining ? (
        <span className="ml-1 font-semibold" data-testid="countdown">
          ({remaining})
        </span>
      ) : null}
    </span>
  )
}
