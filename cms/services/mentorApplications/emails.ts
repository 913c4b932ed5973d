import type { MentorApplication } from '@mentorloop/shared/payload-types'
import { env } from '../../lib/env'
import { renderEmail } from '../../notifications/layout'
import type { EmailMessage } from '../../notifications/queueEmail'
import { statusUrl } from './statusLink'

/**
 * The applicant's e-mails: the receipt of an application, the decline with its reason, and the
 * welcome of an accepted mentor. Each goes to the applicant alone and is keyed by the application,
 * so a step run twice queues it once.
 */
type Applicant = Pick<MentorApplication, 'id' | 'name' | 'email' | 'company' | 'role' | 'years' | 'topics'>

const greeting = (a: Applicant) => `Hi ${a.name.trim() || 'there'},`

export const applicationReceivedEmail = (a: Applicant): EmailMessage & { key: string } => ({
  to: a.email,
  template: 'mentor-application-received',
  key: `mentor-application:${a.id}:received`,
  ...renderEmail({
    subject: 'We received your application to mentor with MentorLoop',
    greeting: greeting(a),
    paragraphs: [
      `Thank you for applying to mentor with MentorLoop as ${a.role} at ${a.company} (${a.years} ${a.years === 1 ? 'year' : 'years'} of experience; topics: ${a.topics}).`,
      'Our team reads every application and e-mails you the decision at this address. There is no need to apply again meanwhile.',
      'You can see where your application stands at any time from the link below.',
    ],
    action: { label: 'See your application’s status', url: statusUrl(a.id) },
  }),
})

export const applicationDeclinedEmail = (a: Applicant, reason: string): EmailMessage & { key: string } => ({
  to: a.email,
  template: 'mentor-application-declined',
  key: `mentor-application:${a.id}:declined`,
  ...renderEmail({
    subject: 'Your application to mentor with MentorLoop',
    greeting: greeting(a),
    paragraphs: [
      'Thank you for applying to mentor with MentorLoop. We are not able to accept your application at this time.',
      `Our team's reason: ${reason}`,
      'You are welcome to apply again later from the “Become a mentor” page.',
    ],
  }),
})

export const applicationAcceptedEmail = (a: Applicant): EmailMessage & { key: string } => ({
  to: a.email,
  template: 'mentor-application-accepted',
  key: `mentor-application:${a.id}:accepted`,
  ...renderEmail({
    subject: 'Welcome to MentorLoop: your application is accepted',
    greeting: greeting(a),
    paragraphs: [
      'Your application to mentor with MentorLoop is accepted. Welcome!',
      `What happens next: sign in with Google using this e-mail address (${a.email}). We have made your mentor profile from your application as a draft; our team completes it with you (a photo and a short bio) and publishes it.`,
      'Once it is published, students find you in the mentor directory, your first batch opens and you schedule its sessions from your home on the site.',
    ],
    action: { label: 'Sign in to MentorLoop', url: `${env.WEB_PUBLIC_URL}/login` },
  }),
})
