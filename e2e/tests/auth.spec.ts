import { LOGIN_FAILURE_REASONS, MESSAGES } from '@mentorloop/shared'
import { expect, test } from '@playwright/test'
import { choosePersona, cmsMe, mentorIds, openAvatarMenu, PERSONAS, sessionToken, signInAs } from './auth-helpers'
import { expectAccessible, expectPanelAccessible, screenshotsAt375And1280, waitForHydration } from './utils'

test.describe('sign-in, avatar menu and guards', () => {
  test('a student signs in through the local issuer: toast, navy avatar, student menu', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto('/')
    await waitForHydration(page)
    const avatar = page.getByTestId('avatar')
    // Signed out: one way in, "Sign in", and no (green) avatar beside it (docs/vocabulary.md).
    await expect(avatar).toHaveCount(0)
    await page.getByTestId('header-sign-in').click()
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/)
    await choosePersona(page, 'studentWithPlan')

    await expect(page).toHaveURL('/')
    await expect(page.getByText(MESSAGES.LOGIN_SUCCESS)).toBeVisible()
    await expect(avatar).toHaveAttribute('data-auth', 'in')
    await expect(avatar).toHaveClass(/bg-brand-700/)
    await expect(page.getByTestId('header-sign-in')).toHaveCount(0)
    await expect(avatar).toHaveText('P')
    await expect(avatar).toHaveAccessibleName(`Account menu for ${PERSONAS.studentWithPlan.email}`)

    const menu = await openAvatarMenu(page)
    await expect(menu.getByRole('menuitem')).toHaveText(['Dashboard', 'Payments', 'Question bank', 'Sign out'])
    // The open menu is modal: the page behind it is hidden from assistive technology, so axe checks the menu.
    await expectPanelAccessible(page, '[role="menu"]')
    await screenshotsAt375And1280(page, 'avatar-menu', { fullPage: false })
    await page.setViewportSize({ width: 1280, height: 900 })
    await menu.getByRole('menuitem', { name: 'Dashboard' }).click()
    await expect(page).toHaveURL('/myDashboard')
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    await expect(page.getByTestId('signed-in-as')).toContainText(PERSONAS.studentWithPlan.email)
    expect(errors).toEqual([])
  })

  test('the mentor’s menu offers their home and none of a student’s screens; their old bookings page leads home', async ({ page }) => {
    const { own } = await mentorIds()
    await signInAs(page, 'mentor')
    const menu = await openAvatarMenu(page)
    await expect(menu.getByRole('menuitem')).toHaveText(['Your home', 'Sign out'])
    await menu.getByRole('menuitem', { name: 'Your home' }).click()
    await expect(page).toHaveURL('/mentor-home')
    await expect(page.getByRole('heading', { name: 'Your home', level: 1 })).toBeVisible()
    await page.goto(`/mentors/${own}`)
    await expect(page).toHaveURL('/mentor-home')
  })

  test('an admin’s Mentor-Bookings leads to the mentors list, and any mentor’s bookings open', async ({ page }) => {
    const { other } = await mentorIds()
    await signInAs(page, 'admin')
    const menu = await openAvatarMenu(page)
    await expect(menu.getByRole('menuitem')).toHaveText(['Mentor-Bookings', 'Dashboard', 'Payments', 'Question bank', 'Sign out'])
    await menu.getByRole('menuitem', { name: 'Mentor-Bookings' }).click()
    await expect(page).toHaveURL('/mentors')
    await expect(page.getByRole('heading', { name: 'Mentors', level: 1 })).toBeVisible()
    const res = await page.goto(`/mentors/${other}`)
    expect(res?.status()).toBe(200)
    // Named for what it lists (issue 20: it was "Bookings for the selected mentor:").
    await expect(page).toHaveTitle('A mentor’s students · MentorLoop')
    await expect(page.getByRole('heading', { name: 'A mentor’s students', level: 1 })).toBeVisible()
    await expect(page.getByText('Bookings for the selected mentor')).toHaveCount(0)
    await expectAccessible(page)
    await screenshotsAt375And1280(page, 'admin-mentor-students')
  })

  test('a student opening a mentor’s bookings gets 403, and so does the mentor for another mentor', async ({ page }) => {
    const { own, other } = await mentorIds()
    await signInAs(page, 'studentWithoutPlan')
    for (const id of [own, other]) {
      const res = await page.goto(`/mentors/${id}`)
      expect(res?.status()).toBe(403)
      await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
      await expect(page.getByText('Only this mentor and admins can see these bookings.')).toBeVisible()
    }
    await page.context().clearCookies()
    await signInAs(page, 'mentor')
    expect((await page.goto(`/mentors/${other}`))?.status()).toBe(403)
    expect((await page.goto(`/mentors/${own}`))?.status()).toBe(200)
  })

  test('/paymentHistory signed out goes to sign-in and comes back after it', async ({ page }) => {
    const res = await page.goto('/paymentHistory')
    expect(res?.status()).toBe(200)
    await expect(page).toHaveURL('/login?redirectTo=%2FpaymentHistory')
    await choosePersona(page, 'studentWithPlan')
    await expect(page).toHaveURL('/paymentHistory')
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible()
    await expect(page.getByText(MESSAGES.LOGIN_SUCCESS)).toBeVisible()
  })

  test('every private page asks for sign-in first', async ({ page }) => {
    for (const path of ['/myDashboard', '/paymentHistory', '/subscriptions', '/mentors', '/mentors/1', '/question-bank/practice']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`)
    }
    await page.goto('/mydashboard')
    await expect(page).toHaveURL('/login?redirectTo=%2FmyDashboard')
  })

  test('logout revokes the session on the CMS, and Back does not show private data', async ({ page, context }) => {
    await signInAs(page, 'studentWithPlan')
    const res = await page.goto('/paymentHistory')
    expect(res?.headers()['cache-control']).toBe('private, no-store')
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toBeVisible()
    const token = await sessionToken(context)
    expect(token).toBeTruthy()
    expect((await cmsMe(token!)).user?.email).toBe(PERSONAS.studentWithPlan.email)

    const menu = await openAvatarMenu(page)
    await menu.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL('/')
    await expect(page.getByText(MESSAGES.LOGOUT_SUCCESS)).toBeVisible()
    await expect(page.getByTestId('header-sign-in')).toBeVisible()
    await expect(page.getByTestId('avatar')).toHaveCount(0)
    expect(await sessionToken(context)).toBeNull()
    // The old token is refused by the CMS itself, not just forgotten by the browser.
    expect((await cmsMe(token!)).user).toBeNull()

    await page.goBack()
    await expect(page).toHaveURL('/login?redirectTo=%2FpaymentHistory')
    await expect(page.getByTestId('signed-in-as')).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Payments', level: 1 })).toHaveCount(0)
    await expect(page.getByTestId('avatar')).toHaveCount(0)
    // A full reload of the private address does not show it either.
    await page.goto('/paymentHistory')
    await expect(page).toHaveURL(/\/login/)
  })

  test('GET /logout does not log anyone out (POST only)', async ({ page, context }) => {
    await signInAs(page, 'studentWithoutPlan')
    await page.goto('/logout')
    await expect(page).toHaveURL('/')
    await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
    expect((await cmsMe((await sessionToken(context))!)).user).not.toBeNull()
  })

  test('a refused sign-in (the issuer answers with an error) shows the Login Failed dialog', async ({ page }) => {
    await page.goto('/login?redirectTo=%2Fsubscriptions')
    await waitForHydration(page)
    // Start a sign-in without choosing an account: the stand-in, like Google's "Cancel", refuses.
    const start = await page.request.post('/auth/google', { form: { redirectTo: '/subscriptions' }, maxRedirects: 0 })
    expect(start.status()).toBe(302)
    await page.goto(start.headers().location!)
    await expect(page).toHaveURL('/login?error=cancelled&redirectTo=%2Fsubscriptions')
    const dialog = page.getByRole('dialog', { name: MESSAGES.LOGIN_FAILED })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(LOGIN_FAILURE_REASONS.cancelled)
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL('/login?redirectTo=%2Fsubscriptions')
    // And signing in now still returns to the page that asked.
    await choosePersona(page, 'studentWithoutPlan')
    await expect(page).toHaveURL('/subscriptions')
  })

  test('a callback without its sign-in cookie says the sign-in took too long', async ({ page }) => {
    await page.goto('/auth/google/callback?code=abc&state=def')
    const dialog = page.getByRole('dialog', { name: MESSAGES.LOGIN_FAILED })
    await expect(dialog).toContainText(LOGIN_FAILURE_REASONS.expired)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('the avatar menu works from the keyboard and closes on Escape and outside click', async ({ page }) => {
    await signInAs(page, 'studentWithPlan')
    const avatar = page.getByTestId('avatar')
    await avatar.focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Payment' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(avatar).toBeFocused()

    await avatar.click()
    await expect(menu).toBeVisible()
    await page.mouse.click(10, 400)
    await expect(menu).toBeHidden()

    await avatar.focus()
    await page.keyboard.press('Enter')
    await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.getByRole('menuitem', { name: 'Payment' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/paymentHistory')
  })

  test('the sign-in page passes axe', async ({ page }) => {
    await page.goto('/login')
    await waitForHydration(page)
    await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible()
    await expectAccessible(page)
  })
})
