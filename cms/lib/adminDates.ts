import type { CollectionConfig, Field } from 'payload'

/**
 * Dates in the admin in India time everywhere (docs/decisions/103, 212). Payload formats a date field
 * in the browser's zone unless the field has a zone of its own (`timezone`, with a `<name>_tz`
 * companion); our dates are instants whose day is India's (batches start at midnight IST), so every
 * date field's input shows and takes India time (the companion is virtual, always India: no column),
 * and gets a list cell and an edit-view line that format in India time with the shared date styles. `createdAt` and `updatedAt` are written out as Payload would add them
 * (same column, same index), with the cell; the edit view's "Last modified" and "Created" lines are
 * ours too (Payload's take no zone; custom.scss hides them).
 */
const CELL = '/components/admin/IstDateCell'
const HINT = '/components/admin/IstDateHint'
const STAMPS = '/components/admin/IstDocumentDates'

type DateField = Extract<Field, { type: 'date' }>

/** India's zone, the only one the admin's date inputs show and take. */
const INDIA = 'Asia/Kolkata'

/** Dates written the Indian way in the inputs ("5 Dec 2026", not Payload's "12/05/2026"). */
const INDIAN_FORMAT: Partial<Record<string, string>> = { default: 'd MMM yyyy', dayOnly: 'd MMM yyyy', dayAndTime: 'd MMM yyyy, h:mm a' }

function withIstDate(field: DateField): DateField {
  const appearance = field.admin?.date?.pickerAppearance ?? 'default'
  const dayOnly = appearance === 'dayOnly'
  // An end kept as the moment after the last day (a plan's cover ends at the next midnight, IST):
  // the lists and the India-time line name the last day it covers (`custom: { endsAfterLastDay }`).
  const lastDay = Boolean((field.custom as { endsAfterLastDay?: boolean } | undefined)?.endsAfterLastDay)
  const components = field.admin?.components ?? {}
  // A field with an input of its own (a session's start: decision 115) keeps the format it reads.
  const displayFormat = field.admin?.date?.displayFormat ?? (components.Field ? undefined : INDIAN_FORMAT[appearance])
  return {
    ...field,
    // The input itself shows and takes India time, whatever the browser's zone (issue 32): Payload's
    // zone for a date field, fixed to India. Its `<name>_tz` companion is virtual (no column: the
    // zone is always India's) and never required; its default gives the form India's zone (and API
    // answers "<name>_tz": "Asia/Kolkata": hiding it or closing its reading takes it from the form too).
    timezone: field.timezone ?? {
      supportedTimezones: [{ label: 'India (IST)', value: INDIA }],
      defaultTimezone: INDIA,
      override: ({ baseField }) => ({ ...baseField, virtual: true, required: false, defaultValue: INDIA }),
    },
    admin: {
      ...field.admin,
      date: { ...field.admin?.date, ...(displayFormat ? { displayFormat } : {}) } as NonNullable<DateField['admin']>['date'],
      components: {
        ...components,
        Cell: components.Cell ?? { path: CELL, clientProps: { dayOnly, lastDay } },
        afterInput: [...(components.afterInput ?? []), { path: HINT, clientProps: { dayOnly, lastDay } }],
      },
    },
  }
}

function mapFields(fields: Field[]): Field[] {
  return fields.map((field) => {
    if (field.type === 'date' && !field.hidden) return withIstDate(field)
    if ((field.type === 'collapsible' || field.type === 'row' || field.type === 'group' || field.type === 'array') && 'fields' in field) {
      return { ...field, fields: mapFields(field.fields) } as Field
    }
    if (field.type === 'tabs') {
      return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: mapFields(tab.fields) })) }
    }
    return field
  })
}

const hasField = (fields: Field[], name: string) => fields.some((f) => 'name' in f && f.name === name)

export function withIndiaTimeDates(collection: CollectionConfig): CollectionConfig {
  const fields = mapFields(collection.fields)
  if (collection.timestamps !== false) {
    // Payload adds these only when absent: the same definitions, with the India-time cell.
    const stamp = (name: 'createdAt' | 'updatedAt', label: string): Field => ({
      name,
      type: 'date',
      index: true,
      label,
      admin: { disableBulkEdit: true, hidden: true, components: { Cell: { path: CELL, clientProps: { dayOnly: false } } } },
    })
    if (!hasField(fields, 'updatedAt')) fields.push(stamp('updatedAt', 'Updated At'))
    if (!hasField(fields, 'createdAt')) fields.push(stamp('createdAt', 'Created At'))
    const components = collection.admin?.components ?? {}
    const edit = components.edit ?? {}
    return {
      ...collection,
      fields,
      admin: {
        ...collection.admin,
        components: { ...components, edit: { ...edit, beforeDocumentControls: [...(edit.beforeDocumentControls ?? []), STAMPS] } },
      },
    }
  }
  return { ...collection, fields }
}

/** A global's date fields, the same way (the offer banner's end, in site settings). */
export function withIndiaTimeDatesIn<T extends { fields: Field[] }>(global: T): T {
  return { ...global, fields: mapFields(global.fields) }
}
