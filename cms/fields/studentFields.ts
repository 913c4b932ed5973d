import type { Field } from 'payload'
import { isAdminField } from '../access/isAdmin'

/**
 * The student's name and e-mail on a row that has a `user` relationship, read through it (Payload
 * virtual relationship fields: nothing stored, no migration). They give the admin lists a readable
 * column and search by name/e-mail ("rahul" finds Rahul's bookings) — docs/decisions/064.
 * Payload resolves them with the reader's access to `users`: admins see every student's; a student
 * only their own; a mentor (who cannot read users) sees and matches nothing through them
 * (cms/tests/int/adminStudentFields.int.test.ts). The e-mail is also marked admin-only.
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
