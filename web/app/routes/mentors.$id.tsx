import { MESSAGES } from '@mentorloop/shared'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { ComingSoon, PrivatePage } from '~/components/PrivatePage'
import { NO_STORE, requireMentorOrAdmin, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Mentor bookings · MentorLoop' }]

const paramsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = paramsSchema.safeParse(params)
  if (!parsed.success) {
    // Sign-in first, so a stranger learns nothing from the difference between 404 and 403.
    await requireUser(request)
    throw data('There is no mentor with that id.', { status: 404, headers: NO_STORE })
  }
  await requireMentorOrAdmin(request, parsed.data.id)
  return data({ mentorId: parsed.data.id }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function MentorBookings() {
  const { mentorId } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="Bookings for the selected mentor:">
      <ComingSoon heading={`Mentor #${mentorId}`}>
        <p>{MESSAGES.NO_BOOKED_SESSIONS}</p>
        <p className="mt-2 text-sm text-slate-600">Coming soon: the students booked into this mentor’s batch and their e-mails.</p>
      </ComingSoon>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
