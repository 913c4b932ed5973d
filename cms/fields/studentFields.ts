import type { Field, FieldHook } from 'payload'
import { isAdminField } from '../access/isAdmin'

/**
 * The student's name and e-mail on a row that has a `user` relationship, read through it (Payload
 * virtual relationship fields: nothing stored, no migration). They give the admin lists a readable
 * column and search by name/e-mail ("rahul" finds Rahul's bookings) — docs/decisions/064.
 * Payload resolves them with the reader's access to `users`: admins see every student's; a student
 * only their own; a mentor (who cannot read users) sees and matches nothing through them
 * (cms/tests/int/adminStudentFields.int.test.ts). The e-mail is also marked admin-only.
 *
 * A mentor reads rows of their own batches only (the collections' access) and needs to know who
 * booked: for them the name alone is looked up (`nameForMentor`), so their lists show "Rahul
 * Sharma", not "Untitled - ID: 5". Searching by name still goes through users' access (none).
 */
const nameForMentor: FieldHook = async ({ value, siblingData, req }) => {
  if (value || !req.user?.roles?.includes('mentor')) return value
  const ref = (siblingData as { user?: number | { id: number } | null }).user
  const id = typeof ref === 'object' && ref ? ref.id : ref
  if (typeof id !== 'number') return value
  // One lookup per student per request, however many rows name them.
  let cache = req.context.studentNames as Map<number, Promise<string | null>> | undefined
  if (!cache) {
    cache = new Map()
    req.context.studentNames = cache
  }
  let name = cache.get(id)
  if (!name) {
    name = req.payload
      .findByID({ collection: 'users', id, depth: 0, overrideAccess: true, select: { name: true }, req, disableErrors: true })
      .then((u) => (u as { name?: string | null } | null)?.name ?? null)
    cache.set(id, name)
  }
  return (await name) ?? value
}

export const studentFields: Field[] = [
  {
    name: 'studentName',
    label: 'Student',
    type: 'text',
    virtual: 'user.name',
    admin: { readOnly: true, disableBulkEdit: true },
    hooks: { afterRead: [nameForMentor] },
  },
  {
    name: 'studentEmail',
    label: 'Student e-mail',
    type: 'text',
    virtual: 'user.email',
    access: { read: isAdminField },
    admin: { readOnly: true, disableBulkEdit: true },
  },
]

/** List search for these collections: the student's name and e-mail (the e-mail only answers admins). */
export const STUDENT_SEARCH_FIELDS = ['studentName', 'studentEmail']
