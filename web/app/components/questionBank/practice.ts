/** "Check answer" with nothing chosen, in the page and in the action's answer alike. */
export const CHOOSE_AN_ANSWER = 'Choose an answer first: pick one of the options, then check it.'

/** The practice action's answer to one "Check answer". */
export type AnswerResult = { ok: true; questionId: number } | { ok: false; questionId: number | null; error: string }
