import { BATCH_SIZE_PLACEHOLDER } from '@mentorloop/shared'

/** The admin help for marketing copy that states the batch size (the site fills the placeholder: web/app/models/content.server.ts). */
export const BATCH_SIZE_HELP = `Write ${BATCH_SIZE_PLACEHOLDER} where the batch size goes (e.g. “batches of ${BATCH_SIZE_PLACEHOLDER} students”): the site shows the real range from the published mentors’ capacities, e.g. 12-15.`
