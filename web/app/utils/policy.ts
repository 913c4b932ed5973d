/** The policy pages the site serves from the CMS `pages` collection. */
export const POLICY_SLUGS = ['terms', 'privacy', 'cancellation', 'shipping', 'cookies'] as const
