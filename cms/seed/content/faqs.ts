/**
 * Seed content for the `faqs` collection: the seven accordion items on the landing page. Figures
 * are placeholders the site fills from the plans and settings (docs/decisions/091-copy-placeholders.md).
 */

export type SeedFaq = { question: string; answer: string; order: number }

export const faqs: SeedFaq[] = [
  {
    question: 'How do the mentorship sessions work?',
    answer:
      'Once you have a plan and book a seat with a mentor, you join their batch for a calendar month: a private group with the other students and a senior. Your mentor runs {sessions:BEGINNER_TECHY} live 1-hour online sessions on weekends during that month. Each session ends with an action plan for the week, and your senior checks in on your progress between sessions.',
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
      'If you are not satisfied after Session 1, ask within {refundWindowHours} hours of its end and you get a full refund at once. Go to the Payments page, click Request Refund, tell us briefly what did not work for you and confirm. Before your batch starts, a refund is approved at once too; between the batch’s start and the end of Session 1, or after the window, our team decides within {refundDecideDays} (a request not decided by then is approved automatically). An approved refund reaches your original payment method within {refundDays}.',
    order: 3,
  },
  {
    question: 'Can I cancel my seat or my plan later?',
    answer:
      'A plan pays for your seat in one batch. Before the batch starts you can ask for a refund (approved at once) or cancel your seat and keep the plan as a credit for your next seat; once the batch has started, cancelling ends your seat and the plan stays used for that batch. There are no cancellation fees. If you need to miss a particular session, let your mentor know at least 24 hours in advance. The Cancellation and Refund Policy has the full details.',
    order: 4,
  },
  {
    question: 'What happens if my preferred mentor is full?',
    answer:
      'When a mentor’s batch is full, the button on their card says Join Waitlist. Joining the waitlist is free and needs no plan. When a seat opens, it goes to the students waiting in the order they joined: with a plan (or a credit), the seat is yours at once; without one, we hold it for you for {holdHours} hours and you pay then to take it. We e-mail you either way, and your place in the queue is on your dashboard.',
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
      'You need a Google account to sign in, a laptop or phone with a stable internet connection, and a plan for your seat ({price:BEGINNER_TECHY} or {price:PLACEMENT_FOCUSED} for a monthly batch; joining a waitlist needs none). Sessions are held online on Saturdays and Sundays, usually in the morning or evening so they do not clash with college. Your mentor shares the exact timings for your batch by e-mail before the first session.',
    order: 7,
  },
]
