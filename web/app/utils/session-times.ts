import { TIME_ZONE } from '@mentorloop/shared'

/** Session times, always in India time (the batch's time zone), the same on server and client. */
const FORMAT = new Intl.DateTimeFormat('en-IN', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

export const formatIst = (iso: string) => `${FORMAT.format(new Date(iso))} IST`
