/**
 * The human texts of docs/spec.md §8 (and 5), in one place so that the CMS, the site and the tests
 * agree on the wording. Keys are stable error codes; values are what a person reads. Where the
 * spec's words broke the vocabulary (docs/vocabulary.md: "sign in", never "login"; the waitlist is
 * free), the new text stands here and `messages.test.ts` names it.
 */
export const MESSAGES = {
  // sign-in
  LOGIN_SUCCESS: 'You are signed in',
  LOGIN_FAILED: 'Sign-in failed',
  LOGOUT_FAILED: 'Sign-out failed',
  LOGOUT_SUCCESS: 'You are signed out',
  // booking
  PLEASE_LOGIN: 'Please sign in',
  MISSING_FIELDS_TITLE: 'Missing Fields',
  MISSING_FIELDS: 'Please fill in all fields.',
  INVALID_PHONE: 'Please enter a valid 10-digit phone number',
  MENTOR_ALREADY_BOOKED_TITLE: 'Mentor Already Booked',
  MENTOR_ALREADY_BOOKED: 'You have already booked a mentor.',
  ALREADY_BOOKED_TITLE: 'Already Booked',
  ALREADY_BOOKED: 'You have already booked this mentor.',
  PAYMENT_REQUIRED_TITLE: 'Payment Required',
  PAYMENT_REQUIRED: 'Choose a plan before booking: a plan pays for your seat in one batch.',
  PAYMENT_REQUIRED_TOAST: 'Payment required. Choose a plan first.',
  BOOKING_FAILED_TITLE: 'Booking Failed',
  SOMETHING_WENT_WRONG: 'Something went wrong.',
  WAITLIST_TOKEN_TITLE: 'You’re on the waitlist',
  WAITLIST_TOKEN:
    'Joining is free. When a seat opens we hold it for you and you pay then; with a plan or a credit, the seat is yours at once.',
  MENTOR_FULL_TOAST: 'This mentor is full: you are on the waitlist.',
  BOOKING_CREATED: 'Booking created successfully',
  FAILED_CREATE_BOOKING: 'Failed to create booking',
  FAILED_FETCH_BOOKING: 'Failed to fetch booking',
  FAILED_FETCH_MENTOR_BOOKINGS: 'Failed to fetch mentor bookings',
  FAILED_FETCH_PLAN_STATUS: 'Failed to fetch plan status',
  FAILED_PROCESS_WAITLIST: 'Failed to process waitlist',
  FAILED_ADD_WAITLIST: 'Failed to add to waitlist',
  FAILED_REMOVE_WAITLIST: 'Failed to remove from waitlist',
  FAILED_FETCH_WAITLIST: 'Failed to fetch waitlist entries',
  FAILED_FETCH_MENTOR_WAITLIST: 'Failed to fetch mentor waitlist entries',
  ADDED_TO_WAITLIST: 'Successfully added to waitlist',
  REMOVED_FROM_WAITLIST: 'Successfully removed from waitlist',
  // payments
  FAILED_CREATE_ORDER: 'Failed to create order',
  PAYMENT_VERIFICATION_FAILED: 'Payment verification failed',
  VERIFICATION_FAILED: 'Verification failed',
  PAYMENT_VERIFIED: 'Payment verified and plan updated!',
  PAYMENT_SUCCESSFUL_TITLE: 'Payment Successful!',
  PAYMENT_SUCCESSFUL: 'Your plan is now active.',
  CANNOT_PURCHASE_TITLE: 'Cannot Purchase Plan',
  CHECKOUT_NOT_LOADED: 'The payment window could not be loaded. Please check your internet connection and try again.',
  // refunds
  SELECT_REASON: 'Please select a reason.',
  FEEDBACK_TOO_LONG: 'Feedback should be within 50 words.',
  // question bank
  QB_STATUS_FAILED: 'Failed to retrieve your plan. Please try again later.',
  QB_INVALID_PAYMENT_RESPONSE: 'Invalid payment response. Please contact support.',
  QB_VERIFICATION_FAILED: 'Payment verification failed. Please contact support.',
  QB_INITIATE_FAILED: 'Failed to initiate payment. Please try again later.',
  QB_VERIFYING: 'Verifying payment, please wait...',
  QB_PROCESSING: 'Processing payment, please do not press back or refresh...',
  QB_SUCCESS: 'Payment successful: your question bank plan is updated.',
  QB_NO_ACTIVE_SUBSCRIPTION: 'No active plan.',
  // empty states
  NO_UPCOMING_SESSIONS: 'No upcoming sessions.',
  NO_BOOKED_SESSIONS: 'No booked sessions.',
  NO_MENTORS: 'No mentors found.',
  NO_PAYMENTS: 'No payments found',
} as const

export type MessageCode = keyof typeof MESSAGES

/** "the Beginner Techy plan", but "the Placement-Focused Plan" (no "Plan plan") for names ending in "plan". */
export function planLabel(planName: string): string {
  const name = planName.trim()
  return /\bplan$/i.test(name) ? `the ${name}` : `the ${name} plan`
}

export function alreadyPurchasedMessage(planName: string): string {
  return `You have already purchased ${planLabel(planName)}. You cannot purchase the same plan twice.`
}

export function assignedToMentorsMessage(n: number): string {
  return `You've been assigned to ${n} mentor(s)!`
}

export function stillOnWaitlistMessage(n: number): string {
  return `Still on waitlist for ${n} mentor(s)`
}

/** "You're on Aarav Mehta's waitlist (number 2)." */
export function waitlistPlaceMessage(mentorName: string, position: number | null): string {
  return `You’re on ${mentorName}’s waitlist${position ? ` (number ${position})` : ''}.`
}

/**
 * What joining a waitlist means for this student (docs/design.md §11): free; a student without a
 * plan gets the opened seat held for `holdHours` and pays then, one with a plan or a credit is
 * seated at once.
 */
export function waitlistJoinedMessage(input: { mentorName: string; position: number | null; holdHours: number; hasPlan: boolean }): string {
  const then = input.hasPlan
    ? 'when a seat opens it is yours at once, paid by your plan.'
    : `when a seat opens we hold it for you for ${input.holdHours} hours and you pay then.`
  return `${waitlistPlaceMessage(input.mentorName, input.position)} Joining is free; ${then}`
}

/** Beside a full mentor (booking form, profile): the waitlist is free, and what happens when a seat opens. */
export function waitlistNote(mentorName: string, holdHours: number): string {
  return `${mentorName}’s batch is full. Joining the waitlist is free: when a seat opens we hold it for you for ${holdHours} hours and you pay then (with a plan, the seat is yours at once).`
}
