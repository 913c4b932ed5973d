/** What the `/book` action answers to the booking form (the success case redirects instead). */
export type BookFieldErrors = Partial<Record<'name' | 'contact' | 'mentorId', string>>

export type BookResult =
  | { id: string; outcome: 'waitlisted'; title: string; message: string; position: number | null }
  | {
      id: string
      outcome: 'error'
      kind: 'login' | 'fields' | 'payment' | 'already' | 'failed'
      title: string
      message: string
      fieldErrors?: BookFieldErrors
      values?: { name?: string; contact?: string; mentorId?: string }
    }
