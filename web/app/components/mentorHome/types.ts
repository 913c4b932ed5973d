import type { LayoutPlan } from '@mentorloop/shared'

/** What the mentor's home can be asked to do: one `intent` per form. */
export const MENTOR_HOME_INTENTS = ['schedule', 'open', 'layout', 'attendance'] as const
export type Intent = (typeof MENTOR_HOME_INTENTS)[number]

export type FieldErrors = Record<string, string>

/** The action's answer to a form it did not accept (or to a layout preview), shown beside that form. */
export type ActionAnswer = {
  intent: Intent
  batchId: number | null
  message: string
  code: string
  fieldErrors: FieldErrors
  values: Record<string, string>
  /** A layout's chosen days and (after a preview) its dates, which a form sends under one name each. */
  days?: string[]
  dates?: string[]
  /** The computed layout, answered to "Preview the dates". */
  plan?: LayoutPlan
}

/** What was just done (after the redirect): the ids from the address, one per kind. */
export type DoneIds = { scheduled: number | null; opened: number | null; laidOut: number | null; marked: number | null }
