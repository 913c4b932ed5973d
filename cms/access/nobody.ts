import type { Access } from 'payload'

/** Only the server's own code (Local API with overrideAccess) may do this. */
export const nobody: Access = () => false
