import type { Config } from '@mentorloop/shared/payload-types'

// Our generated types live in the shared package (the site uses them too); tell Payload about them.
declare module 'payload' {
  export interface GeneratedTypes extends Config {}
}
