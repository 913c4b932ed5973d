/** The footer's newsletter box (the form's schema is `newsletterSchema` in schemas.ts). */
export const NEWSLETTER_MESSAGES = {
  SUBSCRIBED: "Thanks for subscribing! We'll write when new batches open.",
  ALREADY_SUBSCRIBED: "You're already subscribed with this email.",
  FAILED: 'We could not subscribe you right now. Please try again in a moment.',
  TOO_MANY: 'Too many attempts. Please try again in a few minutes.',
} as const
