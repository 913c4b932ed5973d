/** A published mentor as `GET /api/mentors/availability` returns it (shared by loader and UI). */
export type MentorCardData = {
  id: number
  name: string
  photoUrl: string | null
  profession: string
  company: string
  skills: string
  capacity: number
  confirmed: number
  isFull: boolean
  acceptingBookings: boolean
}

/** The mentors section's data: a list, or an error to show with a Retry (never a silent empty list). */
export type MentorsResult = { ok: true; mentors: MentorCardData[] } | { ok: false; message: string }
