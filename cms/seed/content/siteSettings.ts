import { DEFAULT_BATCH_SIZE } from '@mentorloop/shared'

/**
 * Seed content for the `site-settings` global: every piece of landing-page copy.
 * Plain data only; the seed script maps it onto the Payload global. Prices, the batch size and
 * plan figures are placeholders ({price:CODE}, {batchSize}, …: docs/decisions/091-copy-placeholders.md),
 * never typed in: scripts/checks/copy-figures.test.ts keeps it so.
 */

export type SeedLink = { label: string; href: string }

export type SeedSiteSettings = {
  siteName: string
  seoTitle: string
  seoDescription: string
  supportEmail: string
  batchSize: string
  hero: {
    headline: string
    subheadline: string
    refundPromise: string
    stats: { value: string; label: string; figure?: 'text' | 'averageRating' | 'satisfaction' }[]
  }
  features: { title: string; description: string }[]
  explainers: { title: string; points: { text: string }[] }[]
  mentorsSection: { heading: string; intro: string }
  about: { heading: string; body: string }
  faqSection: { heading: string }
  contact: { heading: string; body: string }
  booking: { heading: string; footnote: string }
  plansSection: { heading: string; banner: string; bannerEndsAt?: string | null }
  /** Printed on receipts; GSTIN only when registered. */
  business: { legalName: string; address: string; gstin: string | null }
  footer: {
    tagline: string
    services: SeedLink[]
    informationLinks: SeedLink[]
    newsletterHeading: string
    socials: { linkedin: string; facebook: string; twitter: string }
    madeWith: string
  }
}

export const siteSettings: SeedSiteSettings = {
  siteName: 'MentorLoop',
  seoTitle: 'MentorLoop | Small-Group Mentorship for Engineering Students',
  seoDescription:
    'Live weekend sessions with engineers from Google, Microsoft, Amazon and more. Batches of {batchSize} students, plans from {price:BEGINNER_TECHY} a month, full refund after Session 1.',
  supportEmail: 'support@mentorloop.in',
  batchSize: DEFAULT_BATCH_SIZE,

  hero: {
    headline: 'Crack your placements with mentors who have already made it',
    subheadline:
      'Join a small batch of {batchSize} engineering students and learn live, every weekend, from engineers working at Google, Microsoft, Amazon, Flipkart and other top tech companies. Clear goals, honest feedback and a plan you actually follow.',
    refundPromise: 'Not satisfied after Session 1? Ask within {refundWindowHours} hours for a full refund.',
    stats: [
      { value: '4.9/5', label: 'Average rating', figure: 'averageRating' },
      { value: '95%', label: 'Session satisfaction', figure: 'satisfaction' },
      { value: '3-5x', label: 'Cheaper than most mentorship platforms' },
    ],
  },

  features: [
    {
      title: 'Small Group Mentorship',
      description: 'Only {batchSize} students per batch, so your mentor knows your name, your goals and where you are stuck.',
    },
    {
      title: 'Live Mentor Sessions',
      description:
        '{sessions:BEGINNER_TECHY} live one-hour sessions in every monthly batch, on weekends, so classes and labs never clash with your college schedule.',
    },
    {
      title: 'Step-by-Step Guidance',
      description: 'A clear roadmap from where you are today to your target role, broken into small, weekly steps you can actually finish.',
    },
    {
      title: 'Project-Based Learning',
      description: 'Build real projects your mentor reviews, so your resume shows work that interviewers want to talk about.',
    },
    {
      title: 'Weekly Accountability',
      description: 'A senior from your batch checks in every week on your action plan, so momentum does not drop between sessions.',
    },
    {
      title: 'Doubt Support System',
      description: 'Post doubts in your private batch group any time during the week and get answers from your senior or mentor.',
    },
  ],

  explainers: [
    {
      title: 'How It Works',
      points: [
        { text: 'You join a private group with your batch of {batchSize} students and a senior who has been through placements.' },
        { text: 'Every weekend your mentor runs a live 1-hour session and leaves the batch with a concrete action plan.' },
        { text: 'Your senior checks in during the week to track progress, unblock you and clear doubts.' },
        { text: 'Each month you review your progress with the mentor and set the targets for the next month.' },
      ],
    },
    {
      title: "Who It's For",
      points: [
        { text: 'Engineering students in 2nd, 3rd or final year preparing for internships and campus placements.' },
        { text: 'Students from tier-2 and tier-3 colleges who want guidance their campus cannot always provide.' },
        { text: 'Anyone who has started DSA, development or ML on their own but keeps losing direction.' },
      ],
    },
    {
      title: "What It's Not",
      points: [
        { text: 'It is not a course: there is no fixed syllabus to sit through, only guidance shaped around your goals.' },
        { text: 'It is not recorded videos: every session is live, interactive and with a working engineer.' },
        { text: 'It is not a placement guarantee: mentors show you the way, but the practice is yours to put in.' },
      ],
    },
    {
      title: 'Why It Works',
      points: [
        { text: 'Small batches mean every student gets asked questions and gets feedback, not just the loudest few.' },
        { text: 'Mentors share what their own companies actually look for in interviews and on the job.' },
        { text: 'Weekly check-ins turn good intentions into consistent habits.' },
        { text: 'Learning alongside a batch with the same goal keeps you motivated through the hard weeks.' },
      ],
    },
  ],

  mentorsSection: {
    heading: 'Meet Your Mentors',
    intro:
      'Our mentors are working engineers, data scientists and engineering managers from large tech companies in India. They have cleared the interviews you are preparing for, and many of them now take those interviews.',
  },

  about: {
    heading: 'About Us',
    body: 'MentorLoop was started by engineers who remember how confusing placement season felt: endless resources, conflicting advice and nobody to ask. We connect engineering students with mentors from large tech companies in small, live, weekend batches, so good guidance is not limited to a few colleges or to people who already know someone in the industry.\n\nWe keep batches at {batchSize} students, keep plans affordable at {price:BEGINNER_TECHY} and {price:PLACEMENT_FOCUSED} a month, and back every plan with a simple promise: if you are not satisfied after Session 1, you get a full refund.',
  },

  faqSection: { heading: 'Frequently Asked Questions' },

  contact: {
    heading: 'Contact Us',
    body: 'Have a question about plans, mentors or how MentorLoop works? Write to support@mentorloop.in for general inquiries and for booking inquiries such as batch changes, session timings or waitlist status. We usually reply within one working day.',
  },

  booking: {
    heading: 'Book Your Session',
    footnote: 'Live 1-hour weekend sessions · a plan pays for your seat in one monthly batch · joining a waitlist is free',
  },

  plansSection: {
    heading: 'Choose Your Plan',
    banner: 'Early bird prices',
  },

  business: {
    legalName: 'MentorLoop Learning Private Limited',
    address: '2nd Floor, 14 Residency Road, Bengaluru, Karnataka 560025, India',
    gstin: null,
  },

  footer: {
    tagline: 'Live, small-group weekend mentorship for engineering students, with mentors from top tech companies.',
    services: [
      { label: 'Find a mentor', href: '/find-mentors' },
      { label: 'Book a session', href: '/#booking' },
      { label: 'Question bank', href: '/question-bank/subscription' },
      { label: 'Your sessions', href: '/myDashboard' },
      { label: 'About us', href: '/#about' },
    ],
    informationLinks: [
      { label: 'Terms and conditions', href: '/terms' },
      { label: 'Privacy', href: '/privacy' },
      { label: 'Cancellation and refund', href: '/cancellation' },
      { label: 'Shipping and delivery', href: '/shipping' },
      { label: 'Cookies', href: '/cookies' },
    ],
    newsletterHeading: 'Stay in the loop',
    socials: {
      linkedin: 'https://www.linkedin.com/company/mentorloop',
      facebook: '',
      twitter: 'https://twitter.com/mentorloop',
    },
    madeWith: 'Made with ♥ for engineering students',
  },
}
