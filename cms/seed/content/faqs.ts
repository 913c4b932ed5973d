/** Seed content for the `faqs` collection: the seven accordion items on the landing page. */

export type SeedFaq = { question: string; answer: string; order: number }

export const faqs: SeedFaq[] = [
  {
    question: 'How do the mentorship sessions work?',
    answer:
      'Once you subscribe and book a mentor, you are added to a private group with your batch and a senior. Your mentor runs live 1-hour online sessions on weekends, 3-4 times a month (the base plan includes 4 live sessions). Each session ends with an action plan for the week, and your senior checks in on your progress between sessions.',
    order: 1,
  },
  {
    question: 'How many students are there in a batch?',
    answer:
      'Each batch has {batchSize} students. We keep batches small on purpose so that the mentor can answer everyone’s questions, review your work and give you personal feedback instead of lecturing to a crowd.',
    order: 2,
  },
  {
    question: 'What if I do not like the first session?',
    answer:
      'If you are not satisfied after Session 1, you get a full refund. Go to the Payment History page, click Request Refund, tell us briefly what did not work for you and confirm. Refunds are processed to your original payment method within 5-7 business days.',
    order: 3,
  },
  {
    question: 'Can I cancel my subscription later in the month?',
    answer:
      'No. Plans are monthly, and a subscription cannot be cancelled once it has been paid for, apart from the full refund after Session 1. If you need to miss a particular session, let your mentor know at least 24 hours in advance. The Cancellation and Refund Policy has the full details.',
    order: 4,
  },
  {
    question: 'What happens if my preferred mentor is full?',
    answer:
      'When all of a mentor’s batches are full, the button on their card changes to Join Waitlist. Joining the waitlist is free. We will e-mail you as soon as the next batch opens, which usually happens within a month, and if you already have an active plan you may be assigned to the mentor automatically.',
    order: 5,
  },
  {
    question: 'Who are the mentors?',
    answer:
      'Our mentors are working software engineers, data scientists, SREs and engineering managers from large tech companies such as Google, Microsoft, Amazon, Flipkart, Atlassian and Adobe. Every mentor is verified by our team before they take a batch, and many of them interview candidates at their own companies.',
    order: 6,
  },
  {
    question: 'What do I need to join, and when are the sessions held?',
    answer:
      'You need a Google account to sign in, a laptop or phone with a stable internet connection, and an active monthly plan (₹599 or ₹799 a month). Sessions are held online on Saturdays and Sundays, usually in the morning or evening so they do not clash with college. Your mentor shares the exact timings for your batch by e-mail before the first session.',
    order: 7,
  },
]
