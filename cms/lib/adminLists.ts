import type { CollectionConfig, Field } from 'payload'

/**
 * Admin lists in words (issue 32): every checkbox column reads "Yes" or "No" instead of Payload's
 * "true" / "false", unless the field names a cell of its own. Applied to every collection in
 * payload.config.ts, like the India-time dates (adminDates.ts).
 */
export const YES_NO_CELL = '/components/admin/YesNoCell'

function mapFields(fields: Field[]): Field[] {
  return fields.map((field) => {
    if (field.type === 'checkbox') {
      const components = field.admin?.components ?? {}
      return { ...field, admin: { ...field.admin, components: { ...components, Cell: components.Cell ?? YES_NO_CELL } } }
    }
    if ((field.type === 'collapsible' || field.type === 'row' || field.type === 'group') && 'fields' in field) {
      return { ...field, fields: mapFields(field.fields) } as Field
    }
    if (field.type === 'tabs') {
      return { ...field, tabs: field.tabs.map((tab) => ({ ...tab, fields: mapFields(tab.fields) })) }
    }
    return field
  })
}

export function withYesNoInLists(collection: CollectionConfig): CollectionConfig {
  return { ...collection, fields: mapFields(collection.fields) }
}
