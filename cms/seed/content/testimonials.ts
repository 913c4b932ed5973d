/** Seed content for the `testimonials` collection: the four entries in the hero carousel. */

export type SeedTestimonial = { name: string; role: string; text: string; order: number }

export const testimonials: SeedTestimonial[] = [
  {
    name: 'Ananya Krishnan',
    role: 'Final-year CSE, VIT Vellore — placed at Amazon',
    text: 'I had solved 300 LeetCode problems but still froze in interviews. My mentor ran mock rounds with our batch every other weekend and taught me to think out loud. I cleared the Amazon SDE-1 loop on my first attempt.',
    order: 1,
  },
  {
    name: 'Rohit Deshmukh',
    role: 'Final-year IT, PICT Pune — placed at Flipkart',
    text: 'Coming from a college with very few product-company offers, I did not even know what to prepare. The weekly action plans and the senior check-ins kept me consistent for three months straight. The system design basics my mentor covered came up directly in my Flipkart interview.',
    order: 2,
  },
  {
    name: 'Sneha Reddy',
    role: 'Third-year ECE, NIT Warangal — summer intern at Microsoft',
    text: 'I was switching from ECE to software and felt far behind my CSE friends. In a batch that small my mentor actually reviewed my projects line by line. That feedback turned my resume around and got me the Microsoft internship interview.',
    order: 3,
  },
  {
    name: 'Karthik Iyer',
    role: 'Final-year CSE, SRM Chennai — placed at Walmart Global Tech',
    text: 'For the price of a couple of pizzas a month I got more useful guidance than from a course I paid ten times as much for. The doubt group on weekdays meant I was never stuck for long. Four weekend sessions a month was the right pace alongside college.',
    order: 4,
  },
]
