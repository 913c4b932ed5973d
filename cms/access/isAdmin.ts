import type { Access, FieldAccess } from 'payload'
import { checkRole } from './checkRole'

export const isAdmin: Access = ({ req: { user } }) => checkRole(user, 'admin')

export const isAdminField: FieldAccess = ({ req: { user } }) => checkRole(user, 'admin')
