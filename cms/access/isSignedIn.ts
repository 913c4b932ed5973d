import type { Access, FieldAccess } from 'payload'

export const isSignedIn: Access = ({ req: { user } }) => Boolean(user)

export const isSignedInField: FieldAccess = ({ req: { user } }) => Boolean(user)
