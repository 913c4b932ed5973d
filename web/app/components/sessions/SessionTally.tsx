/**
 * How many sessions a list holds, in words that match the list (issue 32: "4 live sessions" above a
 * list of 5): a cancelled session is listed, marked, and never counted as scheduled or held.
 * `started` (the CMS's clock) splits held from to come where the list knows it.
 */
export function sessionTally(sessions: { cancelled?: boolean; started?: boolean }[]): string | null {
  if (sessions.length === 0) return null
  const on = sessions.filter((s) => !s.cancelled)
  const cancelled = sessions.length - on.length
  let text = `${on.length} ${on.length === 1 ? 'session' : 'sessions'}`
  if (on.length > 0 && sessions.some((s) => s.started !== undefined)) {
    const held = on.filter((s) => s.started).length
    text += `: ${held} held, ${on.length - held} to come`
  }
  return cancelled > 0 ? `${text} · ${cancelled} cancelled` : text
}

export function SessionTally({ sessions }: { sessions: { cancelled?: boolean; started?: boolean }[] }) {
  const text = sessionTally(sessions)
  return text ? (
    <p className="mt-1 text-sm text-slate-700" data-testid="session-tally">
      {text}
    </p>
  ) : null
}
