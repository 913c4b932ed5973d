/** One published mentor as `GET /api/mentors/availability` returns it: the public card and its seats. */
export type MentorAvailability = {
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
