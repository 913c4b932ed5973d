/**
 * Seed content for the `pages` collection: the five policy pages linked from the footer.
 * Each section is a heading plus plain paragraphs; the seed script converts them to rich text.
 */

export type SeedPageSection = { heading: string; paragraphs: string[] }

export type SeedPage = {
  slug: string
  title: string
  summary: string
  sections: SeedPageSection[]
}

export const pages: SeedPage[] = [
  {
    slug: 'terms',
    title: 'Terms and Conditions',
    summary:
      'The rules for using MentorLoop: accounts, monthly plans in INR, payments through Razorpay, live weekend sessions, conduct and the law that applies.',
    sections: [
      {
        heading: 'About these terms',
        paragraphs: [
          'These Terms and Conditions govern your use of the MentorLoop website and services, including live mentorship sessions, the mentor waitlist and the question bank. By signing in or buying a plan you agree to these terms, to our Privacy Policy and to our Cancellation and Refund Policy.',
          'If you are under 18, you may use MentorLoop only with the consent of a parent or guardian, who accepts these terms on your behalf. We may update these terms from time to time; the version published on this page is the one that applies, and we will e-mail you about significant changes.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'You sign in to MentorLoop with your Google account. You are responsible for keeping that account secure and for everything done through your MentorLoop account. Please give us accurate details, including a working 10-digit mobile number when you book a session.',
          'One account is meant for one student. Sharing your account, your batch group or session links with people outside your batch is not allowed, and we may suspend accounts that do so.',
        ],
      },
      {
        heading: 'Plans, sessions and pricing',
        paragraphs: [
          'A seat with a mentor is paid for with a plan; joining a waitlist is free. We currently offer the Beginner Techy Plan at {price:BEGINNER_TECHY} per month and the Placement-Focused Plan at {price:PLACEMENT_FOCUSED} per month. The question bank has a Free plan and a Plus plan at {price:PLAN1}. All prices are in Indian Rupees (INR) and any introductory or early-bird price applies only for the period shown on the site.',
          'A plan pays for one batch: the calendar month of a mentor’s sessions that your seat is in, with {sessions:BEGINNER_TECHY} live, 1-hour online sessions on weekends, in batches of {batchSize} students. Your mentor shares the exact session timings by e-mail. A plan bought while you wait on a waitlist is a credit that your first seat uses; a credit that no seat has used by the end of the next batch is refunded. A seat cancelled before its batch starts gives the plan back as a credit; in a running batch the plan stays used for that batch. Plans do not renew automatically. While a plan is active you cannot purchase the same plan again.',
          'Mentors share their own experience and advice. MentorLoop does not guarantee an internship, a job offer or any particular result from an interview or exam.',
        ],
      },
      {
        heading: 'Payments',
        paragraphs: [
          'Payments are processed by Razorpay, our payment processor, using debit or credit cards, UPI and the other methods shown at checkout. MentorLoop never sees or stores your full card number, CVV or UPI PIN. A plan becomes active only after Razorpay confirms the payment and we verify it.',
          'Premium fees are non-refundable unless otherwise specified in these terms or in our Cancellation and Refund Policy, which includes a full refund if you are not satisfied after Session 1. A subscription cannot be cancelled once it has been paid for.',
        ],
      },
      {
        heading: 'Conduct and content',
        paragraphs: [
          'Be respectful to your mentor, your senior and your batch. Harassment, abusive language, spam and sharing other students’ personal details are not allowed and can lead to removal from a batch without a refund.',
          'Session material, action plans, question bank content and solutions are provided for your personal learning. Recording sessions, or copying, reselling or publishing this material, requires our written permission.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'We work hard to keep MentorLoop available and accurate, but the service is provided on an “as is” basis. Sessions may occasionally be rescheduled because of a mentor’s work commitments or technical problems; when that happens we will offer a replacement session.',
          'To the extent permitted by law, our total liability to you for any claim relating to MentorLoop is limited to the amount you paid us in the month in which the claim arose.',
        ],
      },
      {
        heading: 'Governing law and contact',
        paragraphs: [
          'These terms are governed by the laws of India. Any dispute will be subject to the exclusive jurisdiction of the courts at Bengaluru, Karnataka.',
          'Questions about these terms can be sent to support@mentorloop.in.',
        ],
      },
    ],
  },

  {
    slug: 'privacy',
    title: 'Privacy Policy',
    summary:
      'What personal data MentorLoop collects through Google sign-in, bookings and Razorpay payments, why we use it, who we share it with and how you can control it.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'MentorLoop is an online mentorship platform for engineering students in India. This policy explains how we handle your personal data when you use our website, book sessions, join a waitlist or buy a plan. We process personal data in line with the Digital Personal Data Protection Act, 2023 and other applicable Indian law.',
        ],
      },
      {
        heading: 'Information we collect',
        paragraphs: [
          'When you sign in with Google, we receive your name, e-mail address, profile photo and a Google account identifier. We do not receive your Google password.',
          'When you book a session we collect your name, 10-digit mobile number, e-mail address and chosen mentor. If you request a refund, we store the reason you select and any feedback you write.',
          'When you pay, Razorpay processes your card, UPI or other payment details. We receive and store only the order and payment identifiers, the plan, the amount, the payment status and the subscription dates. We never store full card numbers, CVVs or UPI PINs.',
        ],
      },
      {
        heading: 'How we use your information',
        paragraphs: [
          'We use your information to create your account, add you to a batch, let your mentor contact you with session timings, manage the waitlist and notify you when a batch opens, show your upcoming sessions and payment history, process refunds and answer support requests.',
          'If you subscribe to our newsletter, we use your details to send you updates about MentorLoop. You can unsubscribe at any time using the link in any e-mail. We do not sell your personal data.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'Your mentor can see the name and e-mail address of the students who booked them, so that they can share session timings. Members of your batch group can see the name you use in that group.',
          'We share data with service providers who help us run MentorLoop: Google for sign-in, Razorpay for payments, and our hosting and e-mail providers. They may use the data only to provide their service to us. We may also disclose information when required by law.',
        ],
      },
      {
        heading: 'Storage and retention',
        paragraphs: [
          'Your data is stored on secure servers with access restricted to staff who need it. We keep account data for as long as your account is active and payment records for as long as Indian tax and accounting law requires, which is usually eight years.',
        ],
      },
      {
        heading: 'Your rights and contact',
        paragraphs: [
          'You can ask us to access, correct or delete your personal data, or withdraw consent for the newsletter, by writing to support@mentorloop.in from the e-mail address linked to your account. Deleting your account does not remove payment records we are required to keep.',
          'If you have a complaint about how we handle your data, write to our grievance officer at support@mentorloop.in. We will respond within 30 days.',
        ],
      },
    ],
  },

  {
    slug: 'cancellation',
    title: 'Cancellation and Refund Policy',
    summary:
      'How session cancellations work, the full refund after Session 1, refund requests from the Payments page or by e-mail, and how long refunds take to reach you.',
    sections: [
      {
        heading: 'Overview',
        paragraphs: [
          'MentorLoop plans are monthly and are paid in advance in Indian Rupees through Razorpay. A subscription cannot be cancelled once it has been paid for. This policy explains how you can cancel an individual booked session, when a refund is available, and how to request one.',
        ],
      },
      {
        heading: 'Full refund after Session 1',
        paragraphs: [
          'We want you to try MentorLoop without risk. If you are not satisfied after Session 1, ask for a refund from the Payments page within {refundWindowHours} hours of its end: it is approved at once and you receive a full refund of the amount you paid for that month’s plan. A request made before Session 1 or after that window is reviewed by our team.',
          'You can request this refund from the Payments page: click Request Refund, choose a reason, select the plan and mentor the refund is for, and confirm. Refunds requested this way are processed within 5-7 business days to your original payment method.',
        ],
      },
      {
        heading: 'Cancelling a booked session',
        paragraphs: [
          'Sessions are live and held with a batch, so please cancel at least 24 hours before a session if you cannot attend, by replying to your mentor’s session e-mail or writing to support@mentorloop.in.',
          'If you cancel 48 hours or more in advance, you receive a full refund for that session. If you cancel between 24 and 48 hours before the session there is no fee, and we will try to offer you a seat in another batch’s session instead. Cancellations made within 24 hours of the session start incur a cancellation fee, and no refund is given except at MentorLoop’s discretion, for example in a documented medical emergency.',
        ],
      },
      {
        heading: 'Requesting a refund by e-mail',
        paragraphs: [
          'Apart from the Payments page, you can request a refund by e-mailing support@mentorloop.in within 7 days of the session or payment concerned. Please write from the e-mail address linked to your account and include your name, the plan, the mentor and the Razorpay payment ID shown in your payment confirmation.',
          'We review every request and reply by e-mail. Approved refunds are processed within 5-10 business days.',
        ],
      },
      {
        heading: 'How refunds are paid',
        paragraphs: [
          'Refunds are always made to the original payment method through Razorpay: to the same card, UPI ID or bank account you paid from. Once we have processed a refund, your bank may take a few additional days to show it in your statement.',
          'Refunds are only available for plans with a successful payment. A failed payment is never charged; if money was debited for a payment marked Failed, it is normally reversed automatically by your bank or Razorpay within 5-7 business days.',
        ],
      },
      {
        heading: 'Sessions cancelled by a mentor',
        paragraphs: [
          'If a mentor has to cancel or move a session, we will tell you by e-mail and offer a replacement session the same or the following weekend. If no replacement is possible within your plan month, you are entitled to a full refund for that session.',
        ],
      },
    ],
  },

  {
    slug: 'shipping',
    title: 'Shipping and Delivery Policy',
    summary:
      'MentorLoop is a digital service: nothing physical is shipped. Your plan and question bank access are delivered online immediately after payment.',
    sections: [
      {
        heading: 'A digital service',
        paragraphs: [
          'MentorLoop sells online mentorship plans and question bank access. There are no physical products, so nothing is shipped to you and no shipping or delivery charges apply.',
        ],
      },
      {
        heading: 'How your purchase is delivered',
        paragraphs: [
          'Access is delivered online immediately after your payment is confirmed by Razorpay. Your mentorship plan becomes active on your account straight away, and you can book a mentor or join a waitlist from the landing page. Question bank Plus access is unlocked on the subscription screen as soon as the payment is verified.',
          'You will see the purchase on your Payments page, with the date paid and what the payment covers.',
        ],
      },
      {
        heading: 'Session timings and joining details',
        paragraphs: [
          'Sessions are held online on weekends. After you book, your mentor e-mails your batch the session timings and joining link before the first session, and your upcoming sessions appear on your Dashboard. Please check your inbox and spam folder for e-mails from mentorloop.in.',
        ],
      },
      {
        heading: 'If your access does not appear',
        paragraphs: [
          'If your payment was successful but your plan does not show as active within 30 minutes, write to support@mentorloop.in with your registered e-mail address and the Razorpay payment ID. We will activate your plan or arrange a refund.',
        ],
      },
      {
        heading: 'Physical items',
        paragraphs: [
          'If we ever offer physical items, such as printed preparation material, they will be shipped only within India. Orders will be dispatched within 5-7 business days, and delivery typically takes 7-14 business days depending on your location. Any shipping charge will be shown in INR at checkout before you pay.',
        ],
      },
    ],
  },

  {
    slug: 'cookies',
    title: 'Cookie Policy',
    summary:
      'How MentorLoop uses cookies and browser storage to keep you signed in, process payments securely and remember your preferences.',
    sections: [
      {
        heading: 'What cookies are',
        paragraphs: [
          'Cookies are small text files that a website stores in your browser. Similar technologies, such as local storage, let a site remember information on your device between visits. This policy explains how MentorLoop uses both.',
        ],
      },
      {
        heading: 'Essential cookies and storage',
        paragraphs: [
          'We use essential cookies and local storage to keep you signed in, to remember your e-mail address and account identifier between pages, and to protect your account. Without them you would not be able to book sessions, view your Dashboard or see your Payments.',
        ],
      },
      {
        heading: 'Third-party cookies',
        paragraphs: [
          'When you sign in, Google’s sign-in service may set its own cookies to authenticate you. When you pay, Razorpay’s checkout may set cookies to process the payment securely and prevent fraud. These cookies are governed by Google’s and Razorpay’s own privacy and cookie policies.',
          'We do not use advertising cookies and we do not allow advertisers to track you on MentorLoop.',
        ],
      },
      {
        heading: 'Managing cookies',
        paragraphs: [
          'You can block or delete cookies and site data in your browser settings. If you block essential cookies or clear local storage you will be signed out, and parts of MentorLoop will not work until you sign in again.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['If you have questions about cookies or this policy, write to support@mentorloop.in.'],
      },
    ],
  },
]
