import type { Access, FieldAccess } from 'payload'
import { checkRole } from './checkRole'

/** Marketing staff and admins edit content collections. */
export const isEditor: Access = ({ req: { user } }) => checkRole(user, 'staff', 'admin')

export const isEditorField: FieldAccess = ({ req: { user } }) => checkRole(user, 'staff', 'admin')
