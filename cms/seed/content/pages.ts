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
      'The rules for using MentorLoop: accounts, plans that pay for one batch, payments and refunds through Razorpay, live weekend sessions, conduct and the law that applies.',
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
          'A seat with a mentor is paid for with a plan; joining a waitlist is free. We currently offer the Beginner Techy Plan at {price:BEGINNER_TECHY} per batch and the Placement-Focused Plan at {price:PLACEMENT_FOCUSED} per batch. The question bank has a Free plan and a Plus plan at {price:PLAN1}. All prices are in Indian Rupees (INR) and any introductory or early-bird price applies only for the period shown on the site.',
          'A mentorship plan pays for one batch: the calendar month of a mentor’s sessions that your seat is in, with {sessions:BEGINNER_TECHY} live, 1-hour online sessions on weekends, in batches of {batchSize} students. Your sessions, with their times in India time and their joining links, are on your Dashboard. Plans do not renew automatically: you pay for each batch you choose to join. While a plan is active you cannot purchase the same plan again.',
          'A plan bought while you wait on a waitlist is a credit: the first seat you get uses it. A credit that no seat has used by the end of the following month is refunded to you automatically. When a seat opens for a waiting student who has no plan, we hold it for {holdHours} hours for them to pay; after that it passes to the next student in line.',
          'Mentors share their own experience and advice. MentorLoop does not guarantee an internship, a job offer or any particular result from an interview or exam.',
        ],
      },
      {
        heading: 'Payments and refunds',
        paragraphs: [
          'Payments are processed by Razorpay, our payment processor, using debit or credit cards, UPI and the other methods shown at checkout. MentorLoop never sees or stores your full card number, CVV or UPI PIN. A payment counts only after Razorpay confirms it and we verify it.',
          'You can cancel your seat at any time from your Dashboard, and ask for a refund from the Payments page. Before a batch starts, a refund of the plan that pays for your seat is approved at once and your seat passes to the next student; cancelling your seat instead keeps the plan as a credit for your next seat, and a credit is refunded at once whenever you ask. If you are not satisfied after Session 1, a refund asked for within {refundWindowHours} hours of its end is approved at once. Other requests are decided by our team. Our Cancellation and Refund Policy gives the details; there are no cancellation fees.',
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
          'To the extent permitted by law, our total liability to you for any claim relating to MentorLoop is limited to the amount you paid us for the batch to which the claim relates.',
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
          'When you pay, Razorpay processes your card, UPI or other payment details. We receive and store only the order and payment identifiers, the plan, the amount, the payment status and the batch the payment pays for. We never store full card numbers, CVVs or UPI PINs.',
        ],
      },
      {
        heading: 'How we use your information',
        paragraphs: [
          'We use your information to create your account, seat you in a batch, let your mentor reach you about your sessions, manage the waitlist and tell you when a seat opens, show your sessions and payments, process refunds and answer support requests.',
          'If you subscribe to our newsletter, we use your details to send you updates about MentorLoop. You can unsubscribe at any time using the link in any e-mail. We do not sell your personal data.',
        ],
      },
      {
        heading: 'Who we share it with',
        paragraphs: [
          'Your mentor sees the name, e-mail address and mobile number of each student seated in their batch, so that they can reach you about your sessions. Your mentor sees how many students are on their waitlist, not who they are. Other students do not see your details on MentorLoop.',
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
      'Cancelling your seat, refunds before a batch starts, the full refund after Session 1, credits, and how long refunds take to reach you.',
    sections: [
      {
        heading: 'Overview',
        paragraphs: [
          'A mentorship plan pays for one batch: a seat in one calendar month of a mentor’s sessions. It is paid in advance in Indian Rupees through Razorpay and does not renew automatically. This policy says what happens when you cancel your seat, when a refund is approved at once, when our team decides, and when the money reaches you. There are no cancellation fees.',
        ],
      },
      {
        heading: 'Before your batch starts',
        paragraphs: [
          'Until the first day of your batch you can change your mind in either of two ways, and neither is reviewed. Ask for a refund of the plan that pays for your seat on the Payments page: it is approved at once, your seat passes to the next student, and the full amount is returned. Or cancel your seat on your Dashboard: your plan becomes a credit that your next seat uses, and you can ask for the credit back on the Payments page at any time; that refund, too, is approved at once.',
        ],
      },
      {
        heading: 'Credits',
        paragraphs: [
          'A plan bought while you wait on a waitlist, or kept after you cancel a seat before its batch starts, is a credit. The first seat you get (a booking, or a seat from a waitlist) uses it. If no seat has used it by the end of the following month, we refund it automatically; you do not need to ask. A complimentary plan given by our team was not paid for: it is never refunded, and it lapses if no seat uses it by then.',
        ],
      },
      {
        heading: 'Full refund after Session 1',
        paragraphs: [
          'We want you to try MentorLoop without risk. If you are not satisfied after Session 1, ask for a refund on the Payments page within {refundWindowHours} hours of its end: it is approved at once and you receive a full refund of the amount you paid for that batch. Your seat in the batch then passes on.',
        ],
      },
      {
        heading: 'Other refund requests',
        paragraphs: [
          'Once your batch has started, a refund asked for before Session 1 has ended or more than {refundWindowHours} hours after it is decided by our team within {refundDecideDays}, and they tell you by e-mail; a request they have not decided by then is approved automatically. Until it is decided, the Payments page shows the date of your request, the day it will be decided by, and lets you withdraw it. Cancelling your seat in a running batch ends your seat; the plan stays used for that batch.',
          'You can also write to support@mentorloop.in from the e-mail address linked to your account, with the plan, the mentor and the Razorpay payment ID shown on your receipt.',
        ],
      },
      {
        heading: 'How refunds are paid',
        paragraphs: [
          'Refunds are always made to the original payment method through Razorpay: to the same card, UPI ID or bank account you paid from. An approved refund reaches you within {refundDays}; your bank may take a little longer to show it in your statement.',
          'Refunds are only available for plans with a successful payment. A failed payment is never charged; if money was debited for a payment marked Failed, it is normally reversed automatically by your bank or Razorpay.',
        ],
      },
      {
        heading: 'Sessions moved or cancelled by a mentor',
        paragraphs: [
          'If a mentor has to move or cancel a session, we tell you by e-mail and your Dashboard shows the change. If you are unhappy with how your batch went because of it, ask for a refund on the Payments page and our team will decide it.',
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
          'Access is delivered online immediately after your payment is confirmed by Razorpay. Your mentorship plan pays for your seat in a batch straight away, or, if you have no seat yet, waits as a credit for your next one. Question bank Plus access is unlocked on the question bank’s plans page as soon as the payment is verified.',
          'You will see the purchase on your Payments page, with the date paid and what the payment covers.',
        ],
      },
      {
        heading: 'Session timings and joining details',
        paragraphs: [
          'Sessions are held online on weekends. After you book, your sessions, with their times in India time and their joining links, appear on your Dashboard as your mentor schedules them, and we e-mail you when they do. Please check your inbox and spam folder for e-mails from mentorloop.in.',
        ],
      },
      {
        heading: 'If your access does not appear',
        paragraphs: [
          'If your payment was successful but it does not show on your Payments page within 30 minutes, write to support@mentorloop.in with your registered e-mail address and the Razorpay payment ID. We will record your payment or arrange a refund.',
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
      'The few cookies MentorLoop sets to keep you signed in, keep a booking you started, and show a message after an action. No advertising cookies.',
    sections: [
      {
        heading: 'What cookies are',
        paragraphs: [
          'Cookies are small text files that a website stores in your browser. MentorLoop keeps what it needs in cookies only; it does not keep your details in your browser’s local storage.',
        ],
      },
      {
        heading: 'The cookies we set',
        paragraphs: [
          'All of our cookies are essential, readable only by our server (never by scripts on the page) and protected against tampering. ml_session keeps you signed in; it holds a session token, not your e-mail address, and ends when you sign out or the session expires. ml_oidc lives for a few minutes while you sign in with Google, to protect the sign-in. ml_booking_draft keeps the booking form you started (mentor, name and mobile number) for two hours, so you can finish it after signing in or paying. ml_toast carries a one-time message (such as “You are signed in”) to the next page and is removed when shown.',
          'Without them you could not sign in, book a seat, view your Dashboard or see your Payments.',
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
          'You can block or delete cookies in your browser settings. If you block or delete our cookies you will be signed out, and parts of MentorLoop will not work until you sign in again.',
        ],
      },
      {
        heading: 'Contact',
        paragraphs: ['If you have questions about cookies or this policy, write to support@mentorloop.in.'],
      },
    ],
  },
]
