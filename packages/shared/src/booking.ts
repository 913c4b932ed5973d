import { z } from 'zod'
import type { BatchView } from './batches'
import type { QueueTurn } from './queueTurn'
import { phoneSchema } from './schemas'

/** The largest id PostgreSQL's `integer` (serial) columns hold; a larger one can match nothing. */
export const MAX_DB_ID = 2_147_483_647

/** Ids arrive as numbers (JSON) or strings (URL segments, form posts). */
export const idSchema = z.coerce
  .number({ error: 'A numeric id is required.' })
  .int('A numeric id is required.')
  .positive('A numeric id is required.')
  .max(MAX_DB_ID, 'A numeric id is required.')

/** An `:id` URL segment. */
export const idParamsSchema = z.object({ id: idSchema })

/**
 * A URL segment naming a user by id or e-mail (the spec uses both). Segments may arrive still
 * percent-encoded; one that is not valid encoding (a lone %) is bad input.
 */
export const userRefParamsSchema = z.object({
  id: z
    .string()
    .max(400)
    .transform((value, ctx) => {
      try {
        return decodeURIComponent(value).trim()
      } catch {
        ctx.addIssue({ code: 'custom', message: 'That is not a valid user id or e-mail.' })
        return z.NEVER
      }
    }),
})

/** POST /api/bookings (docs/spec.md: {userId, mentorId}; our site also sends the form's name and contact). */
export const bookingRequestSchema = z.object({
  userId: idSchema.optional(),
  mentorId: idSchema,
  name: z.string().trim().min(1).max(120).optional(),
  contact: phoneSchema.optional(),
})
export type BookingRequest = z.infer<typeof bookingRequestSchema>

/** POST /api/waitlist/add and /remove. */
export const waitlistRequestSchema = z.object({
  userId: idSchema.optional(),
  mentorId: idSchema,
})
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>

/** POST /api/users/subscribe (admin). `planId` is a plan code (e.g. PLACEMENT_FOCUSED) or a plan id. */
export const subscribeRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address.')),
  planId: z.union([z.string().trim().min(1).max(64), z.number().int().positive().max(MAX_DB_ID)]),
})

/** What the booking endpoints answer (docs/spec.md §7 shapes plus a stable `code`). */
export type BookingOutcome =
  | { code: 'BOOKED'; message: string; session: { id: number; mentor: number }; waitlistEntry: null }
  | {
      code: 'WAITLISTED'
      message: string
      session: null
      waitlistEntry: { id: number; mentor: number; position: number | null }
    }

export type BookingView = {
  id: number
  status: 'confirmed' | 'cancelled' | 'completed'
  source: 'direct' | 'waitlist' | 'continuing' | 'offer'
  timeSlot: string | null
  createdAt: string
  mentor: { id: number; name: string; profession?: string | null; company?: string | null }
  batch: BatchView | null
  /** The student, on the mentor's bookings page only (the mentor and admins). */
  user?: { id: number; name: string | null; email: string | null; phone: string | null }
  sessions?: SessionView[]
  /**
   * On the student's own list: the seat's payment has a refund approved and on its way to the
   * gateway. The seat passes on when the gateway takes it (moments later); until then it is shown
   * as going, without its sessions or a cancel button.
   */
  refunding?: boolean
}

/** A mentor's bookings page (GET /api/bookings/mentor/:id; the mentor and admins only). */
export type MentorBookingsView = {
  bookings: BookingView[]
  batch: BatchView | null
  batches: BatchView[]
  /** Seats taken of capacity in the shown batch. */
  seats: { booked: number; capacity: number } | null
  /** Students waiting in the mentor's queue. */
  waiting: number
}

export type SessionView = {
  id: number
  title: string
  startsAt: string
  durationMinutes: number
  /** Each session's own link (an extra session may have another); none for a cancelled one. */
  meetingLink: string | null
  /** Cancelled by the mentor or an admin: listed as such, without a link, never counted as held. */
  cancelled?: boolean
}

export type WaitlistEntryView = {
  id: number
  mentorId: number
  mentorName: string
  status: 'waiting' | 'assigned' | 'removed'
  joinedAt: string
  position: number | null
  /** When a seat can be offered to the student (their own entries only). */
  turn?: QueueTurn
  /** The student, on the mentor's bookings page only (the mentor and admins). */
  user?: { id: number; name: string | null; email: string | null; phone: string | null }
}
