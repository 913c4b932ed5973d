/**
 * The landing page's "Book Your Session" section (SPEC section 2, issue 5).
 *
 * Owned by the booking work: the form posts to the `/book` route action (useFetcher with JS,
 * a plain POST without it) and shows the outcome dialogs. The landing page only places it and
 * passes the props below; a mentor card links to `/?mentor={id}#booking` to preselect a mentor.
 */
export type BookingSectionMentor = { id: number; name: string; isFull: boolean }
export type BookingSectionUser = { email: string; name?: string | null; phone?: string | null } | null

export function BookingSection({
  mentors,
  user,
  preselectedMentorId,
}: {
  mentors: BookingSectionMentor[]
  user: BookingSectionUser
  preselectedMentorId?: number | null
}) {
  void mentors
  void user
  void preselectedMentorId
  return (
    <section id="booking" aria-labelledby="booking-heading" className="mx-auto max-w-3xl px-4 py-16">
      <h2 id="booking-heading" className="text-center text-3xl font-bold">
        Book Your Session
      </h2>
      <p className="mt-2 text-center text-sm text-slate-600">1-Hour Interactive Session | Subscription Required</p>
    </section>
  )
}
