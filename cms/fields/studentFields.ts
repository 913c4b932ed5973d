import type { Field } from 'payload'
import { isAdminField } from '../access/isAdmin'

/**
 * The student's name and e-mail on a row that has a `user` relationship, read through it by the
 * database (Payload virtual relationship fields: nothing stored, no migration). They give the admin
 * lists a readable column and search by name/e-mail ("rahul" finds Rahul's bookings) where mentors
 * cannot read users themselves (docs/decisions/064-admin-student-fields.md).
 * - the name: whoever may read the row (a mentor their own students' rows, a student their own);
 * - the e-mail: admins only — reading, listing and querying it (Payload refuses a `where` on a field
 *   the caller cannot read), so a mentor cannot search or learn students' e-mails through it.
 */
export const studentFields: Field[] = [
  {
    name: 'studentName',
    label: 'Student',
    type: 'text',
    virtual: 'user.name',
    admin: { readOnly: true, disableBulkEdit: true },
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
