/**
 * Seed content for the question bank: previous-year-style questions from engineering
 * placement tests and GATE CSE, each with a worked solution. About half carry a video
 * solution link and about two-thirds a topper's shortcut (both are Plus-plan features).
 */

export type SeedQuestionTopic =
  | 'Quantitative Aptitude'
  | 'Logical Reasoning'
  | 'Verbal Ability'
  | 'Data Structures'
  | 'Algorithms'
  | 'DBMS'
  | 'Operating Systems'
  | 'Computer Networks'
  | 'OOP'
  | 'SQL'

export type SeedQuestion = {
  exam: string
  year: number
  topic: SeedQuestionTopic
  question: string
  solution: string
  videoUrl?: string
  toppersSolution?: string
  order: number
}

export const questions: SeedQuestion[] = [
  // ───────────────────────────── Quantitative Aptitude ─────────────────────────────
  {
    exam: 'TCS NQT',
    year: 2023,
    topic: 'Quantitative Aptitude',
    question:
      'A train 240 m long passes a pole in 12 seconds. How long will it take to cross a platform 360 m long? (a) 24 s (b) 30 s (c) 36 s (d) 40 s',
    solution:
      'Speed of the train = 240 / 12 = 20 m/s. To cross the platform it must cover its own length plus the platform: 240 + 360 = 600 m. Time = 600 / 20 = 30 s. Answer: (b) 30 s.',
    videoUrl: 'https://www.youtube.com/watch?v=iX7gh70KuXN',
    toppersSolution: 'Same speed, so time scales with distance: 12 × (600 / 240) = 12 × 2.5 = 30 s.',
    order: 1,
  },
  {
    exam: 'Infosys SP',
    year: 2022,
    topic: 'Quantitative Aptitude',
    question:
      'A can finish a piece of work in 12 days and B can finish it in 18 days. In how many days can they finish it working together? (a) 6 (b) 7.2 (c) 7.5 (d) 8',
    solution:
      'In one day A does 1/12 and B does 1/18 of the work. Together they do 1/12 + 1/18 = 3/36 + 2/36 = 5/36 of the work per day. So they need 36/5 = 7.2 days. Answer: (b) 7.2.',
    toppersSolution: 'For two workers, time together = xy / (x + y) = (12 × 18) / 30 = 216 / 30 = 7.2 days.',
    order: 2,
  },
  {
    exam: 'Wipro NLTH',
    year: 2021,
    topic: 'Quantitative Aptitude',
    question:
      'The price of sugar rises by 25%. By what percentage must a family reduce its consumption so that its expenditure on sugar stays the same? (a) 20% (b) 25% (c) 16.67% (d) 22%',
    solution:
      'Let the old price be 100 and consumption 1, so expenditure is 100. The new price is 125, so consumption must become 100 / 125 = 0.8. The reduction is 1 − 0.8 = 0.2, i.e. 20%. Answer: (a) 20%.',
    videoUrl: 'https://www.youtube.com/watch?v=yiod1PDtSBL',
    toppersSolution: 'Reduction % = r / (100 + r) × 100 = 25 / 125 × 100 = 20%.',
    order: 3,
  },
  {
    exam: 'Accenture',
    year: 2023,
    topic: 'Quantitative Aptitude',
    question:
      'The simple interest on a sum at 8% per annum for 3 years is ₹1,440. What is the compound interest on the same sum at the same rate for 2 years, compounded annually? (a) ₹960 (b) ₹998.40 (c) ₹1,036.80 (d) ₹1,000',
    solution:
      'Principal = SI × 100 / (R × T) = 1440 × 100 / (8 × 3) = ₹6,000. Amount after 2 years = 6000 × 1.08 × 1.08 = 6000 × 1.1664 = ₹6,998.40. Compound interest = 6998.40 − 6000 = ₹998.40. Answer: (b).',
    toppersSolution: 'For 2 years, CI = SI for 2 years + P × (R/100)². SI for 2 years = 960 and 6000 × 0.0064 = 38.40, so CI = ₹998.40.',
    order: 4,
  },
  {
    exam: 'Capgemini',
    year: 2022,
    topic: 'Quantitative Aptitude',
    question:
      'The present ages of A and B are in the ratio 4 : 5. After 6 years the ratio will be 5 : 6. What is the present age of B? (a) 24 years (b) 30 years (c) 36 years (d) 25 years',
    solution:
      'Let the ages be 4x and 5x. Then (4x + 6) / (5x + 6) = 5 / 6, so 24x + 36 = 25x + 30, giving x = 6. B’s present age is 5 × 6 = 30 years. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=amx0t7kuCWg',
    toppersSolution:
      'The difference in ages never changes: it is 1 part in 4 : 5 and 1 part in 5 : 6. From 5 parts to 6 parts of B, the 6 years added equal 1 part, so 1 part = 6 and B = 5 × 6 = 30.',
    order: 5,
  },
  {
    exam: 'TCS NQT',
    year: 2024,
    topic: 'Quantitative Aptitude',
    question: 'How many three-digit numbers are divisible by 7? (a) 127 (b) 128 (c) 129 (d) 130',
    solution:
      'The smallest three-digit multiple of 7 is 105 (7 × 15) and the largest is 994 (7 × 142). The count is (994 − 105) / 7 + 1 = 127 + 1 = 128. Answer: (b) 128.',
    toppersSolution: 'Count = ⌊999/7⌋ − ⌊99/7⌋ = 142 − 14 = 128.',
    order: 6,
  },
  {
    exam: 'Cognizant GenC',
    year: 2023,
    topic: 'Quantitative Aptitude',
    question:
      'A shopkeeper marks his goods 40% above the cost price and allows a discount of 15% on the marked price. What is his profit percentage? (a) 19% (b) 21% (c) 25% (d) 17%',
    solution:
      'Let the cost price be ₹100. The marked price is ₹140. After a 15% discount the selling price is 140 × 0.85 = ₹119. Profit = 119 − 100 = ₹19 on ₹100, i.e. 19%. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=4J0HJ1leoO8',
    toppersSolution: 'Successive change: a + b + ab/100 = 40 − 15 − (40 × 15)/100 = 25 − 6 = 19%.',
    order: 7,
  },
  {
    exam: 'Infosys SP',
    year: 2024,
    topic: 'Quantitative Aptitude',
    question:
      'Two fair dice are thrown together. What is the probability that the sum of the numbers shown is 8? (a) 1/6 (b) 5/36 (c) 7/36 (d) 1/9',
    solution:
      'There are 6 × 6 = 36 equally likely outcomes. The pairs giving a sum of 8 are (2,6), (3,5), (4,4), (5,3) and (6,2), which is 5 outcomes. Probability = 5/36. Answer: (b).',
    toppersSolution:
      'For sum s between 2 and 7 there are s − 1 ways; for s between 8 and 12 there are 13 − s ways. So sum 8 has 13 − 8 = 5 ways.',
    order: 8,
  },
  {
    exam: 'Wipro NLTH',
    year: 2020,
    topic: 'Quantitative Aptitude',
    question:
      'A boat’s speed in still water is 15 km/h and the speed of the stream is 3 km/h. How long will the boat take to go 36 km downstream and come back? (a) 4 hours (b) 4.5 hours (c) 5 hours (d) 6 hours',
    solution:
      'Downstream speed = 15 + 3 = 18 km/h, so going takes 36 / 18 = 2 hours. Upstream speed = 15 − 3 = 12 km/h, so returning takes 36 / 12 = 3 hours. Total time = 5 hours. Answer: (c).',
    videoUrl: 'https://www.youtube.com/watch?v=4KXdZCpuOtB',
    order: 9,
  },
  {
    exam: 'Accenture',
    year: 2021,
    topic: 'Quantitative Aptitude',
    question: 'The average of five consecutive odd numbers is 27. What is the largest of these numbers? (a) 29 (b) 31 (c) 33 (d) 35',
    solution:
      'For consecutive odd numbers the average is the middle (third) number, so the middle number is 27. The five numbers are 23, 25, 27, 29 and 31. The largest is 31. Answer: (b).',
    order: 10,
  },
  {
    exam: 'TCS NQT',
    year: 2019,
    topic: 'Quantitative Aptitude',
    question:
      'Pipe A can fill a tank in 20 minutes and pipe B in 30 minutes, while pipe C can empty the full tank in 15 minutes. If all three are opened together on an empty tank, how long will it take to fill? (a) 30 min (b) 45 min (c) 60 min (d) 90 min',
    solution:
      'Net filling per minute = 1/20 + 1/30 − 1/15. Using 60 as the common denominator: 3/60 + 2/60 − 4/60 = 1/60 of the tank per minute. So the tank fills in 60 minutes. Answer: (c).',
    videoUrl: 'https://www.youtube.com/watch?v=KM8uYiGohnD',
    toppersSolution:
      'Take tank = LCM(20, 30, 15) = 60 litres. A adds 3 L/min, B adds 2 L/min, C removes 4 L/min; net 1 L/min, so 60 minutes.',
    order: 11,
  },
  {
    exam: 'Capgemini',
    year: 2024,
    topic: 'Quantitative Aptitude',
    question:
      'A 60-litre mixture contains milk and water in the ratio 2 : 1. How much water must be added to make the ratio 1 : 2? (a) 40 L (b) 50 L (c) 60 L (d) 80 L',
    solution:
      'The mixture has 40 L of milk and 20 L of water. Milk stays at 40 L, so for a 1 : 2 ratio water must become 80 L. Water to be added = 80 − 20 = 60 L. Answer: (c).',
    order: 12,
  },
  {
    exam: 'Cognizant GenC',
    year: 2021,
    topic: 'Quantitative Aptitude',
    question: 'In how many different ways can the letters of the word LEVEL be arranged? (a) 30 (b) 60 (c) 120 (d) 20',
    solution:
      'LEVEL has 5 letters, with L appearing twice and E appearing twice. The number of arrangements is 5! / (2! × 2!) = 120 / 4 = 30. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=SHkdz3EbAd6',
    order: 13,
  },
  {
    exam: 'TCS NQT',
    year: 2025,
    topic: 'Quantitative Aptitude',
    question: 'What is the angle between the hour hand and the minute hand of a clock at 3:40? (a) 120° (b) 130° (c) 140° (d) 150°',
    solution:
      'The minute hand moves 6° per minute, so at 40 minutes it is at 240°. The hour hand moves 0.5° per minute, so at 3:40 it is at 90 + 20 = 110°. The angle between them is 240 − 110 = 130°. Answer: (b).',
    toppersSolution: 'Use |30H − 5.5M| = |30 × 3 − 5.5 × 40| = |90 − 220| = 130°.',
    order: 14,
  },
  {
    exam: 'Infosys SP',
    year: 2021,
    topic: 'Quantitative Aptitude',
    question: 'What is the remainder when 2^100 is divided by 7? (a) 1 (b) 2 (c) 4 (d) 6',
    solution:
      'Powers of 2 modulo 7 repeat in a cycle of 3: 2^1 ≡ 2, 2^2 ≡ 4, 2^3 = 8 ≡ 1. Since 100 = 3 × 33 + 1, 2^100 = (2^3)^33 × 2 ≡ 1 × 2 = 2 (mod 7). Answer: (b) 2.',
    videoUrl: 'https://www.youtube.com/watch?v=mHzuSDDmf9m',
    toppersSolution:
      'Find the power that gives remainder 1 (here 2^3 = 8), divide the exponent by it and keep only the leftover power: 100 mod 3 = 1, so the answer is 2^1 = 2.',
    order: 15,
  },
  {
    exam: 'Accenture',
    year: 2024,
    topic: 'Quantitative Aptitude',
    question:
      'The HCF and LCM of two numbers are 12 and 360 respectively. If one of the numbers is 60, what is the other? (a) 48 (b) 72 (c) 84 (d) 96',
    solution:
      'For any two numbers, their product equals HCF × LCM. So the other number = (12 × 360) / 60 = 4320 / 60 = 72. Check: HCF(60, 72) = 12 and LCM(60, 72) = 360. Answer: (b).',
    toppersSolution: 'Other number = HCF × LCM / given number = 12 × 6 = 72 (since 360 / 60 = 6).',
    order: 16,
  },
  {
    exam: 'TCS NQT',
    year: 2020,
    topic: 'Quantitative Aptitude',
    question:
      'A car travels from city A to city B at 60 km/h and returns from B to A at 40 km/h. What is its average speed for the whole journey? (a) 48 km/h (b) 50 km/h (c) 45 km/h (d) 52 km/h',
    solution:
      'Let the distance be 120 km. Going takes 120 / 60 = 2 hours and returning takes 120 / 40 = 3 hours. Average speed = total distance / total time = 240 / 5 = 48 km/h. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=ia8hiQ6uKtI',
    toppersSolution: 'For equal distances, average speed = 2xy / (x + y) = 2 × 60 × 40 / 100 = 48 km/h.',
    order: 17,
  },

  // ───────────────────────────── Logical Reasoning ─────────────────────────────
  {
    exam: 'TCS NQT',
    year: 2022,
    topic: 'Logical Reasoning',
    question: 'Find the next number in the series: 3, 7, 15, 31, 63, ? (a) 125 (b) 126 (c) 127 (d) 129',
    solution:
      'Each term is twice the previous term plus 1: 3 × 2 + 1 = 7, 7 × 2 + 1 = 15, and so on. The next term is 63 × 2 + 1 = 127. Answer: (c).',
    toppersSolution: 'Every term is 2^n − 1 (2^2 − 1, 2^3 − 1, …), so the next is 2^7 − 1 = 127.',
    order: 18,
  },
  {
    exam: 'Infosys SP',
    year: 2023,
    topic: 'Logical Reasoning',
    question:
      'If COMPUTER is coded as DPNQVUFS, how is KEYBOARD coded in the same language? (a) LFZCPBSE (b) LFZDPBSE (c) JDXANZQC (d) LFYCPBSE',
    solution:
      'Each letter of COMPUTER is replaced by the next letter of the alphabet: C→D, O→P, M→N and so on. Applying the same rule to KEYBOARD gives K→L, E→F, Y→Z, B→C, O→P, A→B, R→S, D→E. The code is LFZCPBSE. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=TwpiC185qJQ',
    order: 19,
  },
  {
    exam: 'Wipro NLTH',
    year: 2022,
    topic: 'Logical Reasoning',
    question:
      'Pointing to a man, Riya says, “He is the son of my grandfather’s only son.” How is the man related to Riya? (a) Brother (b) Cousin (c) Uncle (d) Nephew',
    solution: 'Riya’s grandfather’s only son must be Riya’s father. The son of Riya’s father is Riya’s brother. Answer: (a) Brother.',
    toppersSolution: 'Decode from the inside out: “grandfather’s only son” = father, “father’s son” = brother.',
    order: 20,
  },
  {
    exam: 'Accenture',
    year: 2022,
    topic: 'Logical Reasoning',
    question:
      'Ravi walks 8 km north, turns right and walks 6 km, then turns right again and walks 16 km. How far is he from his starting point, and in which direction? (a) 10 km, South-East (b) 10 km, North-East (c) 14 km, South-East (d) 8 km, South',
    solution:
      'Take the start as (0, 0). After 8 km north he is at (0, 8); turning right means facing east, so after 6 km he is at (6, 8); turning right again means facing south, so after 16 km he is at (6, −8). His distance from the start is √(6² + 8²) = √100 = 10 km, and since he is east and south of the start, the direction is South-East. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=c5X5QAwRdfV',
    toppersSolution: 'Net displacement: 6 km east and 8 km south. A 6-8-10 right triangle gives 10 km, South-East.',
    order: 21,
  },
  {
    exam: 'Capgemini',
    year: 2023,
    topic: 'Logical Reasoning',
    question:
      'Statements: All engineers are graduates. Some graduates are managers. Conclusions: I. Some engineers are managers. II. Some managers are graduates. (a) Only I follows (b) Only II follows (c) Both I and II follow (d) Neither follows',
    solution:
      'The managers who are graduates need not be engineers, so conclusion I does not necessarily follow. “Some graduates are managers” can be converted to “Some managers are graduates”, so conclusion II follows. Answer: (b) Only II follows.',
    toppersSolution: '“Some A are B” always converts to “Some B are A”. A chain of All + Some never gives a definite conclusion.',
    order: 22,
  },
  {
    exam: 'Cognizant GenC',
    year: 2022,
    topic: 'Logical Reasoning',
    question:
      'Five friends A, B, C, D and E sit in a row facing north. C sits in the middle. B sits at the extreme right end. A sits immediately to the left of C. E does not sit at either end. Who sits at the extreme left end? (a) A (b) D (c) E (d) B',
    solution:
      'Number the seats 1 to 5 from left to right. C is in seat 3 and B in seat 5. A is immediately left of C, so A is in seat 2. The remaining seats are 1 and 4; since E is not at an end, E takes seat 4, leaving seat 1 for D. Answer: (b) D.',
    videoUrl: 'https://www.youtube.com/watch?v=kCFCEdVDeke',
    order: 23,
  },
  {
    exam: 'TCS NQT',
    year: 2021,
    topic: 'Logical Reasoning',
    question: 'Find the odd one out: 121, 144, 169, 196, 225, 250 (a) 144 (b) 196 (c) 225 (d) 250',
    solution:
      'The numbers 121, 144, 169, 196 and 225 are the squares of 11, 12, 13, 14 and 15. The number 250 is not a perfect square (15² = 225 and 16² = 256). Answer: (d) 250.',
    toppersSolution: 'Check the last digit: perfect squares never end in 0 unless they end in 00, so 250 is out immediately.',
    order: 24,
  },
  {
    exam: 'Infosys SP',
    year: 2020,
    topic: 'Logical Reasoning',
    question: 'If 1 January 2023 was a Sunday, what day of the week was 1 January 2024? (a) Sunday (b) Monday (c) Tuesday (d) Saturday',
    solution:
      '2023 is not a leap year, so it has 365 days, which is 52 weeks and 1 odd day. The same date one year later therefore falls one day later in the week. Sunday + 1 = Monday. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=RvbAaJrDTzh',
    toppersSolution: 'Ordinary year: +1 day; leap year (if it contains 29 February): +2 days.',
    order: 25,
  },
  {
    exam: 'Wipro NLTH',
    year: 2025,
    topic: 'Logical Reasoning',
    question: 'Find the next term in the series: AZ, BY, CX, DW, ? (a) EV (b) EU (c) FV (d) EW',
    solution:
      'The first letters move forward one step at a time (A, B, C, D, E). The second letters move backward one step at a time (Z, Y, X, W, V). The next term is EV. Answer: (a).',
    toppersSolution:
      'Each pair is a letter with its opposite letter (positions adding up to 27): E is the 5th letter and V is the 22nd, so the pair is EV.',
    order: 26,
  },

  // ───────────────────────────── Verbal Ability ─────────────────────────────
  {
    exam: 'TCS NQT',
    year: 2023,
    topic: 'Verbal Ability',
    question: 'Choose the word closest in meaning to METICULOUS. (a) Careless (b) Thorough (c) Hasty (d) Timid',
    solution:
      'Meticulous means showing great attention to detail, being very careful and precise. “Thorough” carries the same meaning. “Careless” and “hasty” are nearly opposites, and “timid” is unrelated. Answer: (b).',
    order: 27,
  },
  {
    exam: 'Infosys SP',
    year: 2022,
    topic: 'Verbal Ability',
    question:
      'Identify the part of the sentence that contains an error: “Each of the students / have submitted / their assignment / on time.” (a) Each of the students (b) have submitted (c) their assignment (d) on time',
    solution:
      'The subject of the sentence is “Each”, which is singular, even though it is followed by “of the students”. A singular subject takes a singular verb, so “have submitted” should be “has submitted”. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=t58XeXjTe3I',
    toppersSolution: 'Cross out the “of …” phrase and read again: “Each has submitted” is clearly correct.',
    order: 28,
  },
  {
    exam: 'Wipro NLTH',
    year: 2023,
    topic: 'Verbal Ability',
    question: 'Fill in the blank: “The manager insisted that the report ____ submitted by Friday.” (a) is (b) be (c) was (d) will be',
    solution:
      'After verbs of demand or insistence such as “insist”, “demand” and “recommend”, formal English uses the subjunctive, which is the base form of the verb. So the correct form is “that the report be submitted”. Answer: (b).',
    toppersSolution: 'insist / demand / suggest + that + subject + base verb (be, go, submit) with no -s and no tense.',
    order: 29,
  },
  {
    exam: 'Accenture',
    year: 2020,
    topic: 'Verbal Ability',
    question: 'Choose the word opposite in meaning to EPHEMERAL. (a) Transient (b) Permanent (c) Brief (d) Fleeting',
    solution:
      'Ephemeral means lasting for a very short time. “Transient”, “brief” and “fleeting” are synonyms of it. The opposite is “permanent”, meaning lasting indefinitely. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=amSj72GRgEw',
    order: 30,
  },
  {
    exam: 'Capgemini',
    year: 2021,
    topic: 'Verbal Ability',
    question:
      'Arrange the sentences in a logical order. P: The interviewer then asked him to optimise it. Q: Rahul first wrote a brute-force solution. R: He was given a problem on arrays. S: Using a hash map, he reduced the time complexity to O(n). (a) RQPS (b) QRPS (c) RPQS (d) QPRS',
    solution:
      'R introduces the situation (he is given a problem), so it comes first. Q describes his first attempt and P, beginning with “then”, follows as the interviewer’s response. S describes the optimisation that P asked for, so it comes last. The order is RQPS. Answer: (a).',
    toppersSolution:
      'Look for the opener that introduces the topic with no reference words, then follow time markers such as “first” and “then”.',
    order: 31,
  },
  {
    exam: 'Cognizant GenC',
    year: 2024,
    topic: 'Verbal Ability',
    question:
      'Choose the correct meaning of the idiom “to burn the midnight oil”. (a) To work or study late into the night (b) To waste resources (c) To lose one’s temper (d) To start a fire accidentally',
    solution:
      'The idiom comes from the days when people worked by oil lamps at night. It means to stay up late working or studying. For example: “She burnt the midnight oil before her placement test.” Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=LdOqUkI4hzC',
    order: 32,
  },
  {
    exam: 'Accenture',
    year: 2025,
    topic: 'Verbal Ability',
    question: 'Fill in the blank: “She has been working at this company ____ 2021.” (a) for (b) since (c) from (d) by',
    solution:
      '“Since” is used with a point in time when an action started and continues to the present, usually with the present perfect tense. “For” is used with a duration, such as “for four years”. Here 2021 is a point in time, so “since” is correct. Answer: (b).',
    order: 33,
  },

  // ───────────────────────────── Data Structures ─────────────────────────────
  {
    exam: 'GATE CSE',
    year: 2020,
    topic: 'Data Structures',
    question: 'A binary tree has 20 leaf nodes. How many nodes in the tree have exactly two children? (a) 18 (b) 19 (c) 20 (d) 21',
    solution:
      'In any binary tree the number of leaves n₀ and the number of nodes with two children n₂ satisfy n₀ = n₂ + 1, regardless of how many nodes have one child. With n₀ = 20 we get n₂ = 19. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=npLMBoYDEca',
    toppersSolution: 'Remember: leaves = (nodes with two children) + 1. Single-child nodes do not affect it.',
    order: 34,
  },
  {
    exam: 'Amazon OA',
    year: 2023,
    topic: 'Data Structures',
    question:
      'Starting with an empty stack, the following operations are performed: push(1), push(2), push(3), pop(), push(4), pop(), pop(), push(5). In what order are the elements popped? (a) 3, 4, 2 (b) 3, 2, 4 (c) 4, 3, 2 (d) 3, 4, 1',
    solution:
      'After three pushes the stack (bottom to top) is [1, 2, 3]; pop removes 3. Push 4 gives [1, 2, 4]; pop removes 4, and the next pop removes 2, leaving [1]. Push 5 gives [1, 5]. So the popped order is 3, 4, 2. Answer: (a).',
    order: 35,
  },
  {
    exam: 'TCS NQT',
    year: 2022,
    topic: 'Data Structures',
    question:
      'What is the postfix form of the infix expression (A + B) * C - D / E? (a) AB+C*DE/- (b) AB+*CDE/- (c) ABC+*DE/- (d) AB+C*D/E-',
    solution:
      'The bracket is evaluated first, so (A + B) becomes AB+. Multiplying by C gives AB+C*. D / E becomes DE/, and since subtraction has the lowest precedence it is applied last: AB+C*DE/-. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=Myg2lihZa6h',
    toppersSolution: 'Fully bracket by precedence, ((A+B)*C) - (D/E), then move each operator just after its closing bracket.',
    order: 36,
  },
  {
    exam: 'GATE CSE',
    year: 2019,
    topic: 'Data Structures',
    question:
      'What is the maximum number of nodes in a binary tree of height 4, where the height of a tree with only a root is 0? (a) 15 (b) 16 (c) 31 (d) 32',
    solution:
      'Level i of a binary tree can hold at most 2^i nodes. A tree of height 4 has levels 0 to 4, so the maximum is 1 + 2 + 4 + 8 + 16 = 31. In general the maximum is 2^(h+1) − 1. Answer: (c).',
    toppersSolution: 'Max nodes = 2^(h+1) − 1 = 2^5 − 1 = 31. Watch whether the question counts height from 0 or 1.',
    order: 37,
  },
  {
    exam: 'Infosys SP',
    year: 2023,
    topic: 'Data Structures',
    question:
      'Keys 10, 17, 24 and 3 are inserted in that order into an empty hash table of size 7 (slots 0 to 6) using h(k) = k mod 7 and linear probing. In which slot is 3 stored? (a) 3 (b) 4 (c) 5 (d) 6',
    solution:
      '10 mod 7 = 3, so 10 goes to slot 3. 17 mod 7 = 3 collides, so it probes to slot 4. 24 mod 7 = 3 collides at 3 and 4, so it goes to slot 5. 3 mod 7 = 3 collides at 3, 4 and 5, so it is stored in slot 6. Answer: (d).',
    videoUrl: 'https://www.youtube.com/watch?v=Q8TQ94A8CvO',
    toppersSolution: 'All four keys hash to 3, so they simply occupy slots 3, 4, 5, 6 in insertion order. The fourth key lands in slot 6.',
    order: 38,
  },
  {
    exam: 'Wipro NLTH',
    year: 2024,
    topic: 'Data Structures',
    question:
      'The keys 50, 30, 70, 20, 40, 60, 80 are inserted in that order into an empty binary search tree. What is the preorder traversal of the tree? (a) 50 30 20 40 70 60 80 (b) 20 30 40 50 60 70 80 (c) 20 40 30 60 80 70 50 (d) 50 30 70 20 40 60 80',
    solution:
      '50 is the root; 30 and 70 become its left and right children; 20 and 40 are children of 30, and 60 and 80 are children of 70. Preorder visits root, then left subtree, then right subtree: 50, 30, 20, 40, 70, 60, 80. Answer: (a). Option (b) is the inorder and (c) the postorder traversal.',
    order: 39,
  },
  {
    exam: 'Amazon OA',
    year: 2024,
    topic: 'Data Structures',
    question:
      'Two Sum: Given an array of integers nums and an integer target, return the indices of the two numbers that add up to target. Exactly one solution exists and the same element cannot be used twice. Example: nums = [2, 7, 11, 15], target = 9 → output [0, 1]. Write an O(n) solution.',
    solution:
      'Traverse the array once while keeping a hash map from value to index. For each element x at index i, check whether target − x is already in the map; if so, return [map[target − x], i]. Otherwise store x → i and continue. Each lookup and insert is O(1) on average, so the whole solution is O(n) time and O(n) space; for the example, at i = 1 we find 9 − 7 = 2 at index 0 and return [0, 1].',
    videoUrl: 'https://www.youtube.com/watch?v=QmE9KBLbKG6',
    toppersSolution:
      'Check the map before inserting the current element; that single ordering choice stops you from pairing an element with itself.',
    order: 40,
  },
  {
    exam: 'GATE CSE',
    year: 2022,
    topic: 'Data Structures',
    question:
      'A min-heap is stored in an array as [1, 3, 6, 5, 9, 8]. The key 2 is inserted. What is the array after insertion? (a) [1, 3, 2, 5, 9, 8, 6] (b) [1, 2, 3, 5, 9, 8, 6] (c) [1, 3, 6, 5, 9, 8, 2] (d) [1, 2, 6, 5, 9, 8, 3]',
    solution:
      'The new key is placed at the end, at index 6 (0-based). Its parent is at index (6 − 1) / 2 = 2, holding 6; since 2 < 6 they are swapped. The new parent is index 0, holding 1; since 1 < 2 the heap property holds and we stop. The array is [1, 3, 2, 5, 9, 8, 6]. Answer: (a).',
    toppersSolution: 'Sift-up only swaps along one path from the new leaf to the root; here that path is index 6 → 2 → 0.',
    order: 41,
  },
  {
    exam: 'Amazon OA',
    year: 2025,
    topic: 'Data Structures',
    question:
      'Valid Parentheses: Given a string containing only the characters ( ) { } [ ], determine whether it is valid. A string is valid if every opening bracket is closed by the same type of bracket in the correct order. Examples: "{[()]}" → true, "([)]" → false, "((" → false.',
    solution:
      'Use a stack. Push every opening bracket; for each closing bracket, the stack must be non-empty and its top must be the matching opening bracket, which is then popped, otherwise return false. At the end the string is valid only if the stack is empty. This runs in O(n) time and O(n) space.',
    videoUrl: 'https://www.youtube.com/watch?v=r5TnA79d6wH',
    toppersSolution:
      'Quick reject: a string of odd length can never be valid. Keep a map from closing to opening brackets to keep the code short.',
    order: 42,
  },

  // ───────────────────────────── Algorithms ─────────────────────────────
  {
    exam: 'GATE CSE',
    year: 2023,
    topic: 'Algorithms',
    question: 'What is the solution of the recurrence T(n) = 2T(n/2) + n, with T(1) = 1? (a) Θ(n) (b) Θ(n log n) (c) Θ(n²) (d) Θ(log n)',
    solution:
      'Apply the Master theorem with a = 2, b = 2 and f(n) = n. Here n^(log_b a) = n^1 = n, which is of the same order as f(n), so this is case 2 and T(n) = Θ(n log n). This is the recurrence of merge sort. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=3FbzYyq4gby',
    toppersSolution: 'Recursion tree: log n levels, each doing n work in total, so n log n.',
    order: 43,
  },
  {
    exam: 'Amazon OA',
    year: 2022,
    topic: 'Algorithms',
    question:
      'Maximum Subarray: Given the array [-2, 1, -3, 4, -1, 2, 1, -5, 4], find the largest sum of a contiguous subarray. Describe an O(n) approach.',
    solution:
      'Use Kadane’s algorithm: keep the best sum of a subarray ending at the current index, cur = max(x, cur + x), and the overall best, best = max(best, cur). Scanning the array, cur becomes 4 at the element 4 and then 3, 5, 6 over −1, 2, 1. The best sum is 6, from the subarray [4, −1, 2, 1]. This is O(n) time and O(1) extra space.',
    toppersSolution: 'Drop the running sum the moment it goes negative; a negative prefix can only make any later subarray smaller.',
    order: 44,
  },
  {
    exam: 'TCS NQT',
    year: 2024,
    topic: 'Algorithms',
    question:
      'What is the maximum number of elements that binary search examines to find a key in a sorted array of 1024 elements? (a) 10 (b) 11 (c) 12 (d) 1024',
    solution:
      'Each probe of binary search halves the remaining search space. For n elements the worst case needs ⌊log₂ n⌋ + 1 probes. With n = 1024 = 2^10, that is 10 + 1 = 11 probes. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=1S7EmkWlEjX',
    order: 45,
  },
  {
    exam: 'Infosys SP',
    year: 2024,
    topic: 'Algorithms',
    question:
      'Longest Substring Without Repeating Characters: Given a string s, find the length of the longest substring that has no repeated characters. Example: s = "abcabcbb" → 3 ("abc"); s = "pwwkew" → 3 ("wke").',
    solution:
      'Use a sliding window with two pointers and a map from each character to its last seen index. Move the right pointer across the string; if the current character was seen inside the window, move the left pointer to one past its last position. After each step, update the answer with right − left + 1. Every character is visited at most twice, so the algorithm is O(n).',
    toppersSolution:
      'Only ever move the left pointer forward: left = max(left, lastSeen[c] + 1). Forgetting the max is the most common bug.',
    order: 46,
  },
  {
    exam: 'GATE CSE',
    year: 2021,
    topic: 'Algorithms',
    question: 'How many swaps does bubble sort perform to sort the array [5, 1, 4, 2, 8] in ascending order? (a) 3 (b) 4 (c) 5 (d) 6',
    solution:
      'Every swap in bubble sort fixes exactly one inversion, so the number of swaps equals the number of inversions. The inversions are (5,1), (5,4), (5,2) and (4,2); 8 is already in place. So bubble sort makes 4 swaps. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=1RtgcGP9Ab3',
    toppersSolution: 'Count, for each element, how many smaller elements lie to its right: 3 + 0 + 1 + 0 + 0 = 4.',
    order: 47,
  },
  {
    exam: 'Accenture',
    year: 2023,
    topic: 'Algorithms',
    question:
      'What is the output of the following pseudo-code?\nint x = 5, y = 0\nwhile (x > 0) {\n  y = y + x\n  x = x - 2\n}\nprint(y)\n(a) 9 (b) 15 (c) 8 (d) 6',
    solution:
      'Trace the loop: with x = 5, y becomes 5 and x becomes 3; with x = 3, y becomes 8 and x becomes 1; with x = 1, y becomes 9 and x becomes −1. Now x > 0 is false and the loop ends. The output is 9. Answer: (a).',
    toppersSolution: 'The loop simply adds the odd numbers 5 + 3 + 1 = 9.',
    order: 48,
  },
  {
    exam: 'Capgemini',
    year: 2022,
    topic: 'Algorithms',
    question:
      'What does fun(7) return?\nint fun(int n) {\n  if (n <= 1) return 1;\n  return n + fun(n - 2);\n}\n(a) 15 (b) 16 (c) 28 (d) 13',
    solution:
      'Expand the recursion: fun(7) = 7 + fun(5) = 7 + 5 + fun(3) = 7 + 5 + 3 + fun(1). Since fun(1) hits the base case and returns 1, the result is 7 + 5 + 3 + 1 = 16. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=S3t1LEyu5ux',
    toppersSolution: 'For odd n this is the sum of odd numbers up to n, which equals ((n + 1) / 2)² = 4² = 16.',
    order: 49,
  },
  {
    exam: 'Amazon OA',
    year: 2021,
    topic: 'Algorithms',
    question:
      'Number of Islands: Given a grid of "1" (land) and "0" (water), count the islands, where an island is land connected horizontally or vertically. Example grid:\n1 1 0 0 0\n1 1 0 0 0\n0 0 1 0 0\n0 0 0 1 1\nWhat is the answer for this grid, and what is the time complexity of the standard approach?',
    solution:
      'Scan every cell; whenever an unvisited "1" is found, increase the count and run DFS or BFS from it to mark all connected land as visited. In the example, the top-left 2×2 block is one island, the single cell in the middle is a second, and the pair at the bottom right is a third, so the answer is 3. Each cell is visited a constant number of times, so the time complexity is O(m × n).',
    toppersSolution: 'If modifying the input is allowed, overwrite visited land with "0" instead of keeping a separate visited array.',
    order: 50,
  },
  {
    exam: 'GATE CSE',
    year: 2024,
    topic: 'Algorithms',
    question:
      'What is the time complexity of Dijkstra’s algorithm on a graph with V vertices and E edges when a binary min-heap is used as the priority queue? (a) O(V²) (b) O((V + E) log V) (c) O(V + E) (d) O(E log E log V)',
    solution:
      'Every vertex is extracted from the heap once, costing O(log V) each, for O(V log V). Every edge may trigger a decrease-key or insert, also costing O(log V), for O(E log V). Together this is O((V + E) log V). Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=AD3AWhCdxA9',
    order: 51,
  },

  // ───────────────────────────── DBMS ─────────────────────────────
  {
    exam: 'GATE CSE',
    year: 2022,
    topic: 'DBMS',
    question:
      'A relation R(A, B, C, D) has the functional dependencies A → B, B → C and C → D. What is the highest normal form that R satisfies? (a) 1NF (b) 2NF (c) 3NF (d) BCNF',
    solution:
      'The closure of A is {A, B, C, D}, so A is the only candidate key. Because the key is a single attribute, there can be no partial dependency, so R is in 2NF. However, B → C and C → D are transitive dependencies of non-prime attributes on the key, which violates 3NF. Answer: (b) 2NF.',
    toppersSolution: 'A single-attribute key guarantees 2NF. Then check for non-key → non-key dependencies; any one of them breaks 3NF.',
    order: 52,
  },
  {
    exam: 'Infosys SP',
    year: 2021,
    topic: 'DBMS',
    question:
      'Which ACID property guarantees that once a transaction has committed, its changes survive a system crash? (a) Atomicity (b) Consistency (c) Isolation (d) Durability',
    solution:
      'Durability means that the effects of a committed transaction are permanent, even if the system fails immediately afterwards. Databases achieve this with write-ahead logs and recovery. Atomicity is about all-or-nothing execution, not about surviving crashes after commit. Answer: (d).',
    videoUrl: 'https://www.youtube.com/watch?v=2c78FK9l4zF',
    order: 53,
  },
  {
    exam: 'TCS NQT',
    year: 2020,
    topic: 'DBMS',
    question:
      'A relation has five attributes A, B, C, D and E, and its only candidate key is A. How many superkeys does the relation have? (a) 15 (b) 16 (c) 31 (d) 32',
    solution:
      'A superkey is any set of attributes that contains a candidate key. Here every superkey must contain A, and may contain any subset of the other four attributes. The number of such subsets is 2^4 = 16. Answer: (b).',
    toppersSolution: 'With one single-attribute key among n attributes, the number of superkeys is 2^(n − 1).',
    order: 54,
  },
  {
    exam: 'Cognizant GenC',
    year: 2022,
    topic: 'DBMS',
    question:
      'Which SQL command removes all rows from a table but keeps the table structure, and is classified as a DDL command? (a) DELETE (b) TRUNCATE (c) DROP (d) REMOVE',
    solution:
      'TRUNCATE removes all rows at once, keeps the table definition and is a DDL command, so it does not fire row-level triggers. DELETE is a DML command that removes rows one by one and can use a WHERE clause. DROP removes the table structure itself. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=iNwJX71GzaT',
    toppersSolution: 'DELETE = some or all rows (DML), TRUNCATE = all rows (DDL), DROP = the whole table.',
    order: 55,
  },
  {
    exam: 'GATE CSE',
    year: 2019,
    topic: 'DBMS',
    question:
      'Consider the schedule S: R1(A), R2(A), W1(A), W2(A). Which statement is true? (a) S is conflict serializable, equivalent to T1 → T2 (b) S is conflict serializable, equivalent to T2 → T1 (c) S is not conflict serializable (d) S is a serial schedule',
    solution:
      'R1(A) comes before W2(A), which gives an edge T1 → T2 in the precedence graph. R2(A) comes before W1(A), which gives an edge T2 → T1. The graph has a cycle, so the schedule is not conflict serializable. Answer: (c).',
    toppersSolution:
      'Only look at pairs from different transactions on the same item where at least one is a write; a cycle in the graph means not conflict serializable.',
    order: 56,
  },

  // ───────────────────────────── Operating Systems ─────────────────────────────
  {
    exam: 'GATE CSE',
    year: 2023,
    topic: 'Operating Systems',
    question:
      'Four processes arrive at time 0 with burst times P1 = 6, P2 = 8, P3 = 7 and P4 = 3 ms. What is the average waiting time under non-preemptive Shortest Job First scheduling? (a) 7 ms (b) 7.75 ms (c) 10.25 ms (d) 6 ms',
    solution:
      'SJF runs the jobs in order of burst time: P4 (3), P1 (6), P3 (7), P2 (8). Waiting times are P4 = 0, P1 = 3, P3 = 3 + 6 = 9 and P2 = 9 + 7 = 16. The total is 28, so the average is 28 / 4 = 7 ms. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=GAUkLJDfgPQ',
    toppersSolution: 'Sort the bursts (3, 6, 7, 8); the waiting times are the prefix sums before each job: 0, 3, 9, 16.',
    order: 57,
  },
  {
    exam: 'TCS NQT',
    year: 2021,
    topic: 'Operating Systems',
    question:
      'Using FIFO page replacement with 3 frames, how many page faults occur for the reference string 7, 0, 1, 2, 0, 3, 0, 4? (a) 5 (b) 6 (c) 7 (d) 8',
    solution:
      '7, 0 and 1 fill the empty frames with 3 faults. 2 replaces 7 (fault 4), then 0 is a hit. 3 replaces 0 (fault 5), 0 then replaces 1 (fault 6), and 4 replaces 2 (fault 7). Total page faults = 7. Answer: (c).',
    order: 58,
  },
  {
    exam: 'Infosys SP',
    year: 2022,
    topic: 'Operating Systems',
    question:
      'Which of the following is NOT one of the four necessary conditions for a deadlock? (a) Mutual exclusion (b) Hold and wait (c) Preemption (d) Circular wait',
    solution:
      'The four Coffman conditions are mutual exclusion, hold and wait, no preemption and circular wait. The condition is “no preemption”; if resources can be preempted, deadlock can be broken. So “preemption” itself is not a necessary condition. Answer: (c).',
    videoUrl: 'https://www.youtube.com/watch?v=cQ0OcdjhJey',
    toppersSolution: 'Remember “M-H-N-C”: Mutual exclusion, Hold and wait, No preemption, Circular wait. Watch for the missing “No”.',
    order: 59,
  },
  {
    exam: 'Wipro NLTH',
    year: 2023,
    topic: 'Operating Systems',
    question:
      'How many times is "hello" printed by the following C program?\nint main() {\n  fork();\n  fork();\n  fork();\n  printf("hello\\n");\n  return 0;\n}\n(a) 3 (b) 6 (c) 7 (d) 8',
    solution:
      'Each call to fork() doubles the number of running processes, because both the parent and the child continue from the next statement. After three fork() calls there are 2 × 2 × 2 = 8 processes. Each of them executes printf once, so "hello" is printed 8 times. Answer: (d).',
    toppersSolution: 'n sequential fork() calls create 2^n processes in total (2^n − 1 of them children).',
    order: 60,
  },
  {
    exam: 'GATE CSE',
    year: 2020,
    topic: 'Operating Systems',
    question:
      'A counting semaphore is initialised to 10. Then 6 P (wait) operations and 4 V (signal) operations are performed on it. What is its final value? (a) 0 (b) 8 (c) 10 (d) 12',
    solution:
      'Each P operation decrements the semaphore by 1 and each V operation increments it by 1. Starting from 10, the value becomes 10 − 6 + 4 = 8. Since it never drops below 0, no process is blocked. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=ZXHnw6XJ2EG',
    order: 61,
  },
  {
    exam: 'Capgemini',
    year: 2024,
    topic: 'Operating Systems',
    question:
      'A system uses 32-bit logical addresses and a page size of 4 KB. How many entries does a single-level page table need? (a) 2^12 (b) 2^20 (c) 2^32 (d) 2^10',
    solution:
      'A page size of 4 KB = 2^12 bytes, so 12 bits of the address are the page offset. The remaining 32 − 12 = 20 bits are the page number. The page table therefore needs 2^20 (about one million) entries. Answer: (b).',
    order: 62,
  },

  // ───────────────────────────── Computer Networks ─────────────────────────────
  {
    exam: 'GATE CSE',
    year: 2021,
    topic: 'Computer Networks',
    question:
      'The network 192.168.10.0/24 is subnetted using the mask 255.255.255.192. How many subnets are created and how many usable host addresses does each have? (a) 4 subnets, 62 hosts (b) 4 subnets, 64 hosts (c) 2 subnets, 126 hosts (d) 8 subnets, 30 hosts',
    solution:
      'The mask 255.255.255.192 is /26, which borrows 2 bits from the host part of the /24, giving 2^2 = 4 subnets. Each subnet has 32 − 26 = 6 host bits, that is 2^6 = 64 addresses. Removing the network and broadcast addresses leaves 62 usable hosts. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=1dbHNWon0XG',
    toppersSolution: 'Block size = 256 − 192 = 64. So subnets start at .0, .64, .128 and .192, with 64 − 2 = 62 hosts each.',
    order: 63,
  },
  {
    exam: 'Infosys SP',
    year: 2020,
    topic: 'Computer Networks',
    question:
      'DNS queries from a client to a resolver normally use which transport protocol and port? (a) TCP, port 80 (b) UDP, port 53 (c) TCP, port 25 (d) UDP, port 67',
    solution:
      'Standard DNS lookups use UDP on port 53 because queries and answers are small and UDP avoids connection setup overhead. TCP port 53 is used for zone transfers and for responses too large for UDP. Port 80 is HTTP, 25 is SMTP and 67 is the DHCP server. Answer: (b).',
    order: 64,
  },
  {
    exam: 'Cognizant GenC',
    year: 2024,
    topic: 'Computer Networks',
    question:
      'What is the correct sequence of segments in the TCP three-way handshake? (a) SYN, ACK, SYN-ACK (b) SYN, SYN-ACK, ACK (c) ACK, SYN, SYN-ACK (d) SYN-ACK, SYN, ACK',
    solution:
      'The client starts by sending SYN with its initial sequence number. The server replies with SYN-ACK, acknowledging the client’s SYN and sending its own sequence number. The client then sends ACK, and the connection is established. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=DIJOk1wDxiy',
    toppersSolution: 'Think of it as “Hello?”, “Hello, I hear you”, “Great, I hear you too”: SYN, SYN-ACK, ACK.',
    order: 65,
  },
  {
    exam: 'GATE CSE',
    year: 2024,
    topic: 'Computer Networks',
    question:
      'What is the broadcast address of the subnet containing the host 10.1.5.77/21? (a) 10.1.7.255 (b) 10.1.5.255 (c) 10.1.15.255 (d) 10.1.0.255',
    solution:
      'A /21 mask is 255.255.248.0, so the third octet varies in blocks of 256 − 248 = 8. The third octet 5 lies in the block 0–7, so the network address is 10.1.0.0. The broadcast address is the last address of that block, 10.1.7.255. Answer: (a).',
    toppersSolution:
      'Find the block size in the “interesting” octet (8 here), locate the block containing the value (0–7), and the broadcast is the block’s end followed by 255.',
    order: 66,
  },
  {
    exam: 'Wipro NLTH',
    year: 2021,
    topic: 'Computer Networks',
    question: 'What is the transmission delay for sending a 1,000-byte packet over a 1 Mbps link? (a) 1 ms (b) 8 ms (c) 0.8 ms (d) 80 ms',
    solution:
      'Transmission delay = packet size / link bandwidth. The packet is 1,000 × 8 = 8,000 bits and the link carries 10^6 bits per second. So the delay is 8,000 / 1,000,000 = 0.008 s = 8 ms. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=uvJprhspwUJ',
    order: 67,
  },

  // ───────────────────────────── OOP ─────────────────────────────
  {
    exam: 'TCS NQT',
    year: 2022,
    topic: 'OOP',
    question:
      'Method overloading is an example of which concept? (a) Runtime polymorphism (b) Compile-time polymorphism (c) Encapsulation (d) Inheritance',
    solution:
      'In method overloading, several methods share a name but differ in their parameter lists. The compiler decides which version to call based on the arguments, so the binding happens at compile time. This is compile-time (static) polymorphism, whereas method overriding is runtime polymorphism. Answer: (b).',
    order: 68,
  },
  {
    exam: 'Accenture',
    year: 2021,
    topic: 'OOP',
    question:
      'What is the output of this Java code?\nclass A { void show() { System.out.println("A"); } }\nclass B extends A { void show() { System.out.println("B"); } }\npublic class Main {\n  public static void main(String[] args) {\n    A obj = new B();\n    obj.show();\n  }\n}\n(a) A (b) B (c) Compilation error (d) A followed by B',
    solution:
      'The reference type is A but the object is of type B, and B overrides show(). Java uses dynamic method dispatch, so the method of the actual object is called at runtime. The output is B. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=hpWmKpRKzyb',
    toppersSolution: 'For instance methods, the object type decides; for fields and static methods, the reference type decides.',
    order: 69,
  },
  {
    exam: 'Infosys SP',
    year: 2024,
    topic: 'OOP',
    question:
      'In C++, class Derived publicly inherits from class Base, and both have constructors and destructors that print a message. In what order are the messages printed when a Derived object is created and then goes out of scope? (a) Base ctor, Derived ctor, Derived dtor, Base dtor (b) Derived ctor, Base ctor, Base dtor, Derived dtor (c) Base ctor, Derived ctor, Base dtor, Derived dtor (d) Derived ctor, Base ctor, Derived dtor, Base dtor',
    solution:
      'When a Derived object is constructed, the Base part is built first, so the Base constructor runs before the Derived constructor. Destruction happens in the reverse order of construction, so the Derived destructor runs first and the Base destructor last. Answer: (a).',
    order: 70,
  },
  {
    exam: 'Capgemini',
    year: 2023,
    topic: 'OOP',
    question:
      'Which statement about Java is correct? (a) A class can extend multiple classes (b) A class can implement multiple interfaces but extend only one class (c) An interface can extend a class (d) An abstract class cannot have constructors',
    solution:
      'Java does not allow multiple inheritance of classes, so a class can extend only one class, but it may implement any number of interfaces. An interface can extend other interfaces but not a class. Abstract classes can have constructors, which run when a subclass object is created. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=ouGGXNSQWnC',
    toppersSolution: 'Class → extends one class; class → implements many interfaces; interface → extends many interfaces.',
    order: 71,
  },
  {
    exam: 'Cognizant GenC',
    year: 2025,
    topic: 'OOP',
    question:
      'In Java, which access modifier makes a member accessible within its own package and also in subclasses in other packages? (a) private (b) default (no modifier) (c) protected (d) public',
    solution:
      'A private member is visible only within its class, and a default (package-private) member only within its package. A protected member is visible within its package and also to subclasses in other packages. Public is visible everywhere, which is wider than the question asks. Answer: (c).',
    order: 72,
  },
  {
    exam: 'Wipro NLTH',
    year: 2025,
    topic: 'OOP',
    question:
      'What is printed by this Java code?\nclass Counter {\n  static int count = 0;\n  Counter() { count++; }\n}\npublic class Main {\n  public static void main(String[] args) {\n    new Counter(); new Counter(); new Counter();\n    System.out.println(Counter.count);\n  }\n}\n(a) 0 (b) 1 (c) 3 (d) Compilation error',
    solution:
      'A static field belongs to the class, not to individual objects, so all Counter objects share one count variable. Each constructor call increments it, and three objects are created. The program prints 3. Answer: (c).',
    videoUrl: 'https://www.youtube.com/watch?v=HGehqZKdODb',
    order: 73,
  },

  // ───────────────────────────── SQL ─────────────────────────────
  {
    exam: 'Accenture',
    year: 2024,
    topic: 'SQL',
    question:
      'Write an SQL query to find the second highest salary from the table Employee(id, name, salary). If there is no second highest salary, the query should return NULL.',
    solution:
      'Use a subquery to exclude the maximum: SELECT MAX(salary) AS second_highest FROM Employee WHERE salary < (SELECT MAX(salary) FROM Employee); The inner query finds the highest salary and the outer query finds the largest salary strictly below it. Because MAX over an empty set returns NULL, the query returns NULL when all salaries are equal or there is only one row.',
    videoUrl: 'https://www.youtube.com/watch?v=l5PMp0Bi7Bo',
    toppersSolution:
      'Alternative: SELECT DISTINCT salary FROM Employee ORDER BY salary DESC LIMIT 1 OFFSET 1; use DISTINCT so that duplicate top salaries are not counted twice.',
    order: 74,
  },
  {
    exam: 'TCS NQT',
    year: 2025,
    topic: 'SQL',
    question:
      'The table Orders(order_id, customer_id, order_date, amount) stores all orders. Write a query to list the customer_id of every customer who has placed more than 3 orders, along with their order count.',
    solution:
      'Group the rows by customer and filter the groups by their size: SELECT customer_id, COUNT(*) AS order_count FROM Orders GROUP BY customer_id HAVING COUNT(*) > 3; it returns one row per qualifying customer. WHERE cannot be used here because it filters individual rows before grouping, while HAVING filters groups after COUNT has been computed.',
    toppersSolution: 'Condition on an aggregate such as COUNT, SUM or AVG → HAVING. Condition on a plain column → WHERE.',
    order: 75,
  },
  {
    exam: 'Infosys SP',
    year: 2023,
    topic: 'SQL',
    question:
      'Table T has a single column x with the rows 1, 2, NULL, 2, NULL. What does SELECT COUNT(x), COUNT(*), COUNT(DISTINCT x) FROM T; return? (a) 3, 5, 2 (b) 5, 5, 3 (c) 3, 5, 3 (d) 5, 5, 2',
    solution:
      'COUNT(x) counts only non-NULL values, which are 1, 2 and 2, so it returns 3. COUNT(*) counts all rows, so it returns 5. COUNT(DISTINCT x) counts distinct non-NULL values, which are 1 and 2, so it returns 2. Answer: (a).',
    videoUrl: 'https://www.youtube.com/watch?v=DRj6cxphTEc',
    toppersSolution: 'Every aggregate except COUNT(*) ignores NULLs.',
    order: 76,
  },
  {
    exam: 'Cognizant GenC',
    year: 2021,
    topic: 'SQL',
    question:
      'Employees(emp_id, name, dept_id) has the rows (1, Asha, 10), (2, Bala, 20), (3, Chetan, NULL), (4, Divya, 30), (5, Esha, 10). Departments(dept_id, dept_name) has the rows (10, HR) and (20, Tech). How many rows does SELECT e.name, d.dept_name FROM Employees e LEFT JOIN Departments d ON e.dept_id = d.dept_id; return, and how many of them have a NULL dept_name? (a) 5 rows, 2 NULL (b) 3 rows, 0 NULL (c) 5 rows, 1 NULL (d) 4 rows, 1 NULL',
    solution:
      'A LEFT JOIN keeps every row of the left table, so all 5 employees appear exactly once (each dept_id matches at most one department). Asha, Bala and Esha find a matching department. Chetan has a NULL dept_id and Divya has dept_id 30, which does not exist, so both get NULL for dept_name. Answer: (a).',
    order: 77,
  },
  {
    exam: 'Capgemini',
    year: 2025,
    topic: 'SQL',
    question:
      'Which clause is used to filter the results of a GROUP BY query based on an aggregate value? (a) WHERE (b) HAVING (c) ORDER BY (d) LIMIT',
    solution:
      'WHERE filters individual rows before they are grouped, so it cannot refer to aggregates such as SUM or COUNT. HAVING is evaluated after grouping and can filter groups on aggregate values, for example HAVING SUM(amount) > 10000. Answer: (b).',
    videoUrl: 'https://www.youtube.com/watch?v=rlpF4G8M1ja',
    order: 78,
  },
  {
    exam: 'Wipro NLTH',
    year: 2024,
    topic: 'SQL',
    question:
      'The table Users(id, email) may contain the same email address more than once. Write a query that lists every email address that appears more than once.',
    solution:
      'Group by the email column and keep only groups with more than one row: SELECT email FROM Users GROUP BY email HAVING COUNT(*) > 1; Each duplicated address is returned once, however many times it appears. To compare addresses case-insensitively, group by LOWER(email) instead.',
    toppersSolution: 'Duplicates → GROUP BY the column + HAVING COUNT(*) > 1. This pattern answers most “find duplicates” questions.',
    order: 79,
  },
  {
    exam: 'GATE CSE',
    year: 2025,
    topic: 'SQL',
    question:
      'Table R(a) contains the rows 1, 2, 3 and table S(b) contains the rows 2 and NULL. What does SELECT a FROM R WHERE a NOT IN (SELECT b FROM S); return? (a) 1 and 3 (b) 1, 2 and 3 (c) No rows (d) Only 3',
    solution:
      'a NOT IN (2, NULL) is evaluated as a <> 2 AND a <> NULL. Any comparison with NULL is UNKNOWN, so for a = 1 and a = 3 the condition is TRUE AND UNKNOWN = UNKNOWN, and for a = 2 it is FALSE. WHERE keeps only rows where the condition is TRUE, so no rows are returned. Answer: (c).',
    toppersSolution:
      'If the NOT IN subquery can return a NULL, the result is always empty. Use NOT EXISTS instead, which handles NULLs safely.',
    order: 80,
  },
]
