export const QUESTION_TOPICS = [
  'Quantitative Aptitude',
  'Logical Reasoning',
  'Verbal Ability',
  'Data Structures',
  'Algorithms',
  'DBMS',
  'Operating Systems',
  'Computer Networks',
  'OOP',
  'SQL',
] as const
export type QuestionTopic = (typeof QUESTION_TOPICS)[number]
