import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { txQuery } from '../../lib/transaction'
import { type RestClient, reqAs, setUpWorld } from '../fixtures'
import { createUser, type TestUser, unique } from '../helpers/scenarios'

/**
 * Issue 32, "Admin": accounts are titled by name in /admin (their e-mail while they have none), not
 * by e-mail or "Untitled". The title is `users.display_name`, kept by the database, so a name written
 * in SQL (the booking form's, services/booking/createBooking.ts) retitles the account too.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld()))

const titleOf = async (id: number) =>
  (await txQuery<{ display_name: string | null }>(await reqAs(), sql`SELECT display_name FROM users WHERE id = ${id}`))[0]?.display_name

describe('an account’s title in /admin', () => {
  it('is its name; while it has none, its e-mail', async () => {
    expect(payload.collections.users.config.admin.useAsTitle).toBe('displayName')
    const named = await createUser(payload, { name: 'Asha Rao' })
    expect(named.displayName).toBe('Asha Rao')
    const email = `${unique('nameless')}@test.mentorloop.in`
    const nameless = await payload.create({
      collection: 'users',
      data: { email, password: 'test-password-123', roles: ['student'] },
      overrideAccess: true,
    })
    expect(nameless.displayName).toBe(email)
    // A name given later, and taken away again.
    await payload.update({ collection: 'users', id: nameless.id, data: { name: '  Vikram Iyer ' }, overrideAccess: true })
    expect(await titleOf(nameless.id)).toBe('Vikram Iyer')
    await payload.update({ collection: 'users', id: nameless.id, data: { name: '' }, overrideAccess: true })
    expect(await titleOf(nameless.id)).toBe(email)
  })

  it('follows a name written in SQL, as the booking form writes it', async () => {
    const student = await createUser(payload, { name: 'Old Name' })
    await txQuery(
      await reqAs(),
      sql`UPDATE users SET name = COALESCE(${'Meera Pillai'}, name), updated_at = now() WHERE id = ${student.id}`,
    )
    expect(await titleOf(student.id)).toBe('Meera Pillai')
  })

  it('is the database’s: a student who sends one keeps the title their name gives', async () => {
    const student = await createUser(payload, { name: 'Rohan Das' })
    const res = await rest.patch(`/users/${student.id}`, { token: student.token, body: { displayName: 'Admin Team' } })
    expect(res.status).toBe(200)
    expect(await titleOf(student.id)).toBe('Rohan Das')
  })

  it('is what the admin’s list and pickers read', async () => {
    const student = await createUser(payload, { name: 'Kavya Menon' })
    const res = await rest.get(`/users?where[id][equals]=${student.id}&select[displayName]=true&depth=0`, { token: admin.token })
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(1)
    expect(res.body.docs[0]).toMatchObject({ id: student.id, displayName: 'Kavya Menon' })
  })
})
