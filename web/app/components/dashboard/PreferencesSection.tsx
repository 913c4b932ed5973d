import { Form, Link } from '@remix-run/react'
import { secondaryButton } from '~/components/buttons'
import type { Preferences } from '~/models/calendar.server'
import { CalendarFeedLink } from './CalendarFeedLink'

/**
 * Reminders on or off, and the private calendar link (docs/decisions/105, 106): plain forms that
 * work without JavaScript.
 */
export function PreferencesSection({ preferences, feedUrl }: { preferences: Preferences | null; feedUrl: string | null }) {
  return (
    <section
      id="preferences"
      aria-labelledby="preferences-heading"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="preferences"
    >
      <h2 id="preferences-heading" className="text-xl font-semibold">
        Reminders and calendar
      </h2>
      {preferences ? (
        <>
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="reminders" />
            <label className="flex items-start gap-3 text-slate-800">
              <input type="checkbox" name="reminders" defaultChecked={!preferences.remindersOff} className="mt-1 h-4 w-4" />
              <span>E-mail me a reminder 24 hours and 1 hour before each session, with the meeting link and a calendar entry.</span>
            </label>
            <p className="mt-1 pl-7 text-sm text-slate-600">Moves and cancellations are always e-mailed.</p>
            <button type="submit" className={`${secondaryButton} mt-3`}>
              Save reminder preference
            </button>
          </Form>
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="font-semibold">Your sessions in your calendar app</h3>
            {feedUrl ? (
              <>
                <p className="mt-1 text-sm text-slate-700" role="status">
                  Your calendar link is ready. Copy it now: we keep no readable copy, so it is shown only this once. Any link you made
                  before no longer works.
                </p>
                <p className="mt-1 text-sm text-slate-700">
                  Subscribe to this private link in Google Calendar, Apple Calendar or Outlook; moved and cancelled sessions update on their
                  own. Keep it to yourself: anyone with the link sees your session times.
                </p>
                <CalendarFeedLink feedUrl={feedUrl} />
              </>
            ) : preferences.calendarFeed ? (
              <p className="mt-1 text-sm text-slate-700" data-testid="feed-on">
                Your private calendar link is on. It was shown once, when you made it; make a new one if you lost it (the old one then stops
                working).
              </p>
            ) : (
              <p className="mt-1 text-sm text-slate-700">
                Make a private link your calendar app can subscribe to; moved and cancelled sessions then update on their own.
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="calendar-link" />
                <button type="submit" className={secondaryButton}>
                  {feedUrl || preferences.calendarFeed ? 'Replace the link (the old one stops working)' : 'Make my calendar link'}
                </button>
              </Form>
              {feedUrl || preferences.calendarFeed ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="calendar-off" />
                  <button type="submit" className={secondaryButton}>
                    Turn the link off
                  </button>
                </Form>
              ) : null}
            </div>
          </div>
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="font-semibold">Sign out everywhere</h3>
            <p className="mt-1 text-sm text-slate-700">
              Signs your account out on every device and browser, this one too, and turns your calendar link off. Use it after signing in on
              a shared or lost device.
            </p>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="sign-out-everywhere" />
              <button type="submit" className={secondaryButton}>
                Sign out everywhere
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p role="alert" className="mt-4 text-red-800">
          Your preferences could not be loaded right now.{' '}
          <Link to="/myDashboard" reloadDocument className="font-semibold underline">
            Retry
          </Link>
        </p>
      )}
    </section>
  )
}
