import type { CollectionConfig } from 'payload'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Plans } from '../collections/Plans'
import WholeRupeesCell from '../components/admin/WholeRupeesCell'
import YesNoCell from '../components/admin/YesNoCell'
import { withYesNoInLists, YES_NO_CELL } from './adminLists'

/** Issue 32: the admin lists showed a plan's price as "599" and its flags as "true". */
const cell = (component: typeof YesNoCell, cellData: unknown) => renderToStaticMarkup(createElement(component, { cellData } as never))

const cellOf = (collection: CollectionConfig, name: string): unknown => {
  const walk = (fields: CollectionConfig['fields']): unknown => {
    for (const f of fields) {
      if ('name' in f && f.name === name) return (f.admin as { components?: { Cell?: unknown } } | undefined)?.components?.Cell
      if ('fields' in f && Array.isArray(f.fields) && f.type !== 'array') {
        const found = walk(f.fields)
        if (found !== undefined) return found
      }
    }
    return undefined
  }
  return walk(collection.fields)
}

describe('admin list cells in words', () => {
  it('a checkbox reads Yes or No', () => {
    expect(cell(YesNoCell, true)).toBe('<span>Yes</span>')
    expect(cell(YesNoCell, false)).toBe('<span>No</span>')
    expect(cell(YesNoCell, null)).toBe('<span>No</span>')
  })

  it('a plan’s price reads in rupees', () => {
    expect(cell(WholeRupeesCell, 599)).toBe('<span>₹599</span>')
    expect(cell(WholeRupeesCell, 1500)).toBe('<span>₹1,500</span>')
    expect(cell(WholeRupeesCell, null)).toBe('<span>—</span>')
  })

  it('every checkbox column of a collection gets the Yes/No cell; a field’s own cell stays', () => {
    const mapped = withYesNoInLists({
      slug: 'x',
      fields: [
        { name: 'active', type: 'checkbox' },
        { type: 'row', fields: [{ name: 'inRow', type: 'checkbox' }] },
        { name: 'own', type: 'checkbox', admin: { components: { Cell: '/own' } } },
        { name: 'title', type: 'text' },
      ],
    })
    expect(cellOf(mapped, 'active')).toBe(YES_NO_CELL)
    expect(cellOf(mapped, 'inRow')).toBe(YES_NO_CELL)
    expect(cellOf(mapped, 'own')).toBe('/own')
    expect(cellOf(mapped, 'title')).toBeUndefined()
  })

  it('the Plans list shows prices in rupees and is titled by the plan’s name', () => {
    expect(Plans.admin?.useAsTitle).toBe('name')
    expect(cellOf(Plans, 'price')).toBe('/components/admin/WholeRupeesCell')
    expect(cellOf(Plans, 'strikePrice')).toBe('/components/admin/WholeRupeesCell')
    expect(cellOf(withYesNoInLists(Plans), 'active')).toBe(YES_NO_CELL)
  })
})
