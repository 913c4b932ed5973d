/**
 * Seed content for the `mentors` collection.
 * Index 0 (Aarav Mehta) is linked by the seed to the seeded mentor account.
 * Index 1 has capacity 2 so the seed can fill it and show "Join Waitlist".
 * Both are featured: the landing page shows a few mentors, featured first (docs/decisions/080).
 */

export type SeedMentor = {
  name: string
  email: string
  profession: string
  company: string
  skills: string
  bio: string
  capacity: number
  displayOrder: number
  featured?: boolean
}

export const mentors: SeedMentor[] = [
  {
    name: 'Aarav Mehta',
    email: 'aarav.mehta@mentors.mentorloop.in',
    profession: 'SDE II',
    company: 'Google',
    skills: 'DSA, System Design, Java, Competitive Programming',
    bio: 'Works on Google Pay’s backend services in Bengaluru and has taken more than 100 technical interviews. Loves turning messy DSA preparation into a clear weekly routine.',
    capacity: 15,
    displayOrder: 10,
    featured: true,
  },
  {
    name: 'Priya Sharma',
    email: 'priya.sharma@mentors.mentorloop.in',
    profession: 'Senior SDE',
    company: 'Microsoft',
    skills: 'C++, DSA, Azure, Low-Level Design',
    bio: 'Builds distributed storage features for Azure at Microsoft IDC Hyderabad. Joined through campus placements from a tier-2 college and now helps students do the same.',
    capacity: 2,
    displayOrder: 20,
    featured: true,
  },
  {
    name: 'Rahul Verma',
    email: 'rahul.verma@mentors.mentorloop.in',
    profession: 'Staff Engineer',
    company: 'Flipkart',
    skills: 'System Design, Java, Kafka, Microservices',
    bio: 'Leads the architecture of Flipkart’s order management platform and has scaled it through several Big Billion Days. Focuses on system design and how real production systems fail.',
    capacity: 15,
    displayOrder: 30,
  },
  {
    name: 'Neha Gupta',
    email: 'neha.gupta@mentors.mentorloop.in',
    profession: 'Data Scientist',
    company: 'Amazon',
    skills: 'Python, Machine Learning, SQL, Statistics',
    bio: 'Builds demand forecasting models for Amazon’s India supply chain. Guides students on ML fundamentals, Kaggle-style projects and data science interview rounds.',
    capacity: 15,
    displayOrder: 40,
  },
  {
    name: 'Vikram Nair',
    email: 'vikram.nair@mentors.mentorloop.in',
    profession: 'Site Reliability Engineer',
    company: 'Atlassian',
    skills: 'Linux, Kubernetes, AWS, Networking, Go',
    bio: 'Keeps Jira and Confluence running for millions of users from Atlassian’s Bengaluru office. Helps students get comfortable with Linux, cloud and DevOps roles.',
    capacity: 15,
    displayOrder: 50,
  },
  {
    name: 'Sanjana Rao',
    email: 'sanjana.rao@mentors.mentorloop.in',
    profession: 'Engineering Manager',
    company: 'Adobe',
    skills: 'Career Planning, Resume Review, Behavioural Interviews, Java',
    bio: 'Manages a team of twelve engineers on Adobe Acrobat in Noida and hires freshers every year. Brings the hiring manager’s view to resumes, projects and interview answers.',
    capacity: 15,
    displayOrder: 60,
  },
  {
    name: 'Arjun Reddy',
    email: 'arjun.reddy@mentors.mentorloop.in',
    profession: 'ML Engineer',
    company: 'Uber',
    skills: 'Python, PyTorch, Deep Learning, MLOps',
    bio: 'Works on ETA prediction and pricing models at Uber in Hyderabad. Mentors students who want to move from online ML courses to deployable, end-to-end projects.',
    capacity: 15,
    displayOrder: 70,
  },
  {
    name: 'Kavya Menon',
    email: 'kavya.menon@mentors.mentorloop.in',
    profession: 'Product Engineer',
    company: 'Walmart Global Tech',
    skills: 'Node.js, React, MongoDB, REST APIs',
    bio: 'Ships full-stack features for Walmart’s store associate apps from Bengaluru. Helps students build portfolio projects that look and feel like real products.',
    capacity: 15,
    displayOrder: 80,
  },
  {
    name: 'Ishaan Kapoor',
    email: 'ishaan.kapoor@mentors.mentorloop.in',
    profession: 'Frontend Engineer',
    company: 'Salesforce',
    skills: 'JavaScript, TypeScript, React, Web Performance',
    bio: 'Builds Lightning web components at Salesforce Hyderabad. Teaches frontend fundamentals, accessibility and how to crack JavaScript-heavy interview rounds.',
    capacity: 15,
    displayOrder: 90,
  },
  {
    name: 'Meera Joshi',
    email: 'meera.joshi@mentors.mentorloop.in',
    profession: 'SDE II',
    company: 'Amazon',
    skills: 'DSA, Java, Spring Boot, AWS',
    bio: 'Works on Amazon Pay’s payments platform in Bengaluru and is a bar raiser in training. Specialises in Amazon OA preparation and the leadership principles round.',
    capacity: 15,
    displayOrder: 100,
  },
]
