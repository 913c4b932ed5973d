import type { MentorHomeBatch } from '@mentorloop/shared'

/** The batch's seated students with their contact number and e-mail. */
export function StudentList({ students }: { students: MentorHomeBatch['students'] }) {
  return (
    <>
      <h3 className="mt-6 text-lg font-semibold">Students</h3>
      {students.length === 0 ? (
        <p className="mt-2 text-slate-700">No students yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" data-testid="home-students">
          {students.map((s) => (
            <li key={s.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
              <span className="font-medium sm:w-1/3">{s.name || 'A student'}</span>
              <span className="sm:w-1/4">
                {s.phone ? (
                  <a href={`tel:+91${s.phone}`} className="text-brand-700 underline">
                    {s.phone}
                  </a>
                ) : (
                  <span className="text-slate-700">no contact number</span>
                )}
              </span>
              {s.email ? (
                <a href={`mailto:${s.email}`} className="break-all text-brand-700 underline">
                  {s.email}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
