import type { Field, Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { createMentor, openBatchOf, type TestUser } from '../helpers/scenarios'

/**
 * Issue 32, "Admin": every date input in /admin shows and takes India time whatever the browser's
 * zone, written the Indian way (decision 212). Checked on the running configuration, field by field,
 * so a date field added later is held to it too.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld()))

type Found = { where: string; field: Extract<Field, { type: 'date' }> }

const shown = (f: Field) => {
  const admin = f.admin as { hidden?: boolean; disabled?: boolean } | undefined
  return !('hidden' in f && f.hidden) && !admin?.hidden && !admin?.disabled
}

function dateFields(fields: Field[], where: string): Found[] {
  return fields.filter(shown).flatMap((f): Found[] => {
    if (f.type === 'date') return [{ where: `${where}.${f.name}`, field: f }]
    if ('fields' in f && Array.isArray(f.fields)) return dateFields(f.fields, 'name' in f && f.name ? `${where}.${f.name}` : where)
    if (f.type === 'tabs') return f.tabs.flatMap((t) => dateFields(t.fields, where))
    return []
  })
}

describe('the admin’s date inputs', () => {
  it('every visible date field is in India’s zone only, its zone never stored, its days written the Indian way', () => {
    const found = [
      ...payload.config.collections.filter((c) => c.admin?.hidden !== true).flatMap((c) => dateFields(c.fields as Field[], c.slug)),
      ...payload.config.globals.flatMap((g) => dateFields(g.fields as Field[], g.slug)),
    ]
    expect(found.length).toBeGreaterThan(20)
    const wrong = found.filter(({ field }) => {
      const zone = field.timezone
      if (!zone || typeof zone !== 'object') return true
      if (JSON.stringify(zone.supportedTimezones?.map((t) => t.value)) !== '["Asia/Kolkata"]') return true
      const appearance = field.admin?.date?.pickerAppearance ?? 'default'
      const format = field.admin?.date?.displayFormat
      return appearance !== 'timeOnly' && !field.admin?.components?.Field && !/^d MMM yyyy/.test(String(format))
    })
    expect(wrong.map((w) => `${w.where} ${JSON.stringify(w.field.admin ?? {})}`)).toEqual([])
  })

  it('their zone companions are virtual (no column) and always India’s', async () => {
    const sessions = payload.config.collections.find((c) => c.slug === 'sessions')!
    const companion = sessions.fields.find((f) => 'name' in f && f.name === 'startsAt_tz') as Field & {
      virtual?: boolean
      required?: boolean
    }
    expect(companion).toMatchObject({ type: 'select', virtual: true, defaultValue: 'Asia/Kolkata' })
    expect(companion.required).toBeFalsy()
    // A batch and a session, as the API answers them.
    const mentor = await createMentor(payload)
    const batch = await openBatchOf(payload, mentor)
    await payload.create({
      collection: 'sessions',
      data: { batch: batch.id, mentor: mentor.id, title: 'Zone check', startsAt: batch.startsOn, durationMinutes: 60 },
      overrideAccess: true,
    } as never)
    for (const path of [`/batches/${batch.id}?depth=0`, `/sessions?where[batch][equals]=${batch.id}&depth=0`]) {
      const res = await rest.get(path, { token: admin.token })
      expect(res.status).toBe(200)
      // The zone the API names for every date is India's, and only India's.
      const zones = [...JSON.stringify(res.body).matchAll(/"(\w+)_tz":("[^"]*"|null)/g)].map((m) => m[2])
      expect(zones.length).toBeGreaterThan(0)
      expect(new Set(zones)).toEqual(new Set(['"Asia/Kolkata"']))
      expect(JSON.stringify(res.body)).toMatch(/"(startsOn|startsAt)"/)
    }
  })

  it('a plan’s cover end reads as the last day it covers in the list and the edit view', () => {
    const payments = payload.config.collections.find((c) => c.slug === 'payments')!
    const props = (name: string) => {
      const field = dateFields(payments.fields as Field[], 'payments').find((f) => f.where === `payments.${name}`)!.field
      const components = field.admin?.components as { Cell?: { clientProps?: object }; afterInput?: { clientProps?: object }[] }
      return [components.Cell?.clientProps, components.afterInput?.at(-1)?.clientProps]
    }
    expect(props('subscriptionEnds')).toEqual([expect.objectContaining({ lastDay: true }), expect.objectContaining({ lastDay: true })])
    expect(props('subscriptionStarts')).toEqual([expect.objectContaining({ lastDay: false }), expect.objectContaining({ lastDay: false })])
  })
})
