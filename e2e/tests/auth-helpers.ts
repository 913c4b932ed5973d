import { PERSONAS, type PersonaKey } from '@mentorloop/shared/personas'
import { type BrowserContext, expect, type Page } from '@playwright/test'
import { adminApi, CMS_URL, waitForHydration } from './utils'

/** Sign-in helpers for browser tests: the real flow through the local OpenID issuer. */
export { PERSONAS }

/** On /login (already open), picks a seeded persona; the issuer signs in as its e-mail. */
export async function choosePersona(page: Page, key: PersonaKey) {
  await page.getByRole('button', { name: new RegExp(`Continue as ${PERSONAS[key].name}`) }).click()
}

/** Signs in from the sign-in page and waits for the site to say so. */
export async function signInAs(page: Page, key: PersonaKey) {
  await page.goto('/login')
  await choosePersona(page, key)
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
  await waitForHydration(page)
}

/** Signs in as any e-mail through the local issuer (a fresh student when the address is new). */
export async function signInWithEmail(page: Page, address: string) {
  await page.goto('/login')
  await page.getByLabel('Or any e-mail address').fill(address)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
}

export async function openAvatarMenu(page: Page) {
  await waitForHydration(page)
  await page.getByTestId('avatar').click()
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  return menu
}

/** The Payload token inside the site's session cookie (HttpOnly for pages; tests may read it). */
export async function sessionToken(context: BrowserContext): Promise<string | null> {
  const cookie = (await context.cookies()).find((c) => c.name === 'ml_session')
  if (!cookie?.value) return null
  const [payload] = decodeURIComponent(cookie.value).split('.')
  return (JSON.parse(Buffer.from(payload!, 'base64').toString('utf8')) as { token?: string }).token ?? null
}

/** What the CMS says about a Payload token (null user = refused). */
export async function cmsMe(token: string) {
  const res = await fetch(`${CMS_URL()}/api/users/me`, { headers: { Authorization: `JWT ${token}` } })
  return (await res.json()) as { user: { email: string } | null; mentorId?: number | null }
}

/** The seeded mentor's own profile id, and the id of some other mentor. */
export async function mentorIds(): Promise<{ own: number; other: number }> {
  const api = await adminApi()
  const users = await api.get(`/users?where[email][equals]=${encodeURIComponent(PERSONAS.mentor.email)}&depth=0`)
  const userId = users.docs[0].id as number
  const all = await api.get('/mentors?depth=0&limit=100&draft=true')
  const docs = all.docs as { id: number; user?: number | { id: number } | null }[]
  const own = docs.find((m) => (typeof m.user === 'object' ? m.user?.id : m.user) === userId)
  const other = docs.find((m) => m.id !== own?.id)
  if (!own || !other) throw new Error('seeded mentors are missing')
  return { own: own.id, other: other.id }
}
