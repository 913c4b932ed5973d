import { useEffect, useId, useRef, useState } from 'react'
import { secondaryButton } from '~/components/buttons'

/** The feed as a calendar subscription: the same address under webcal://, which calendar apps subscribe to. */
export const webcalUrl = (feedUrl: string) => feedUrl.replace(/^https?:\/\//, 'webcal://')

/** Google Calendar's "add by URL" page for the feed (it subscribes and keeps polling it). */
export const googleCalendarUrl = (feedUrl: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(feedUrl))}`

/**
 * The private calendar link, shown once (docs/decisions/174), whole at any width (it wraps), with a
 * copy button and "Add to Google Calendar" (issue 32). Without JavaScript the address is there to
 * select and copy by hand; the copy button appears once the page runs scripts, so none is dead.
 */
export function CalendarFeedLink({ feedUrl }: { feedUrl: string }) {
  const id = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const [canCopy, setCanCopy] = useState(false)
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  useEffect(() => setCanCopy(true), [])

  async function copy() {
    try {
      await navigator.clipboard.writeText(feedUrl)
      setCopied('yes')
    } catch {
      // No clipboard permission (an old browser, an insecure page): select it for the person to copy.
      field.current?.select()
      setCopied(document.execCommand?.('copy') ? 'yes' : 'no')
    }
  }

  return (
    <div className="mt-3" data-testid="calendar-feed">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        Private calendar link
      </label>
      <textarea
        id={id}
        ref={field}
        readOnly
        rows={3}
        value={feedUrl}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 block w-full resize-none break-all rounded-lg border border-slate-300 bg-slate-50 p-2 font-mono text-sm"
        data-testid="feed-url"
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        {canCopy ? (
          <button type="button" className={secondaryButton} onClick={copy} data-testid="copy-feed-url">
            Copy the link
          </button>
        ) : null}
        <a
          href={googleCalendarUrl(feedUrl)}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-700 underline"
          data-testid="google-calendar"
        >
          Add to Google Calendar<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <p role="status" className="text-sm text-slate-700">
          {copied === 'yes' ? 'Copied.' : copied === 'no' ? 'Select the link above and copy it.' : ''}
        </p>
      </div>
    </div>
  )
}
