import { ROLES } from '@mentorloop/shared'
import type { CollectionConfig } from 'payload'
import { adminOrSelf } from '../../access/adminOrSelf'
import { canUseAdminPanel } from '../../access/adminPanel'
import { checkRole } from '../../access/checkRole'
import { isAdmin, isAdminField } from '../../access/isAdmin'
import { env, secureCookies } from '../../lib/env'
import { sessionLookupStrategy } from '../../lib/sessionLookup'
import { limitPasswordSignIn } from '../../services/auth/passwordSignIn'
import { checkBookingAllowedEndpoint, subscribeEndpoint } from './endpoints/bookingEligibility'
import { grantPlanEndpoint, grantPreviewEndpoint } from './endpoints/grantPlan'
import { oidcExchange } from './endpoints/oidcExchange'
import { addMentorIdToMe } from './hooks/addMentorIdToMe'
import { blockPasswordLoginForGoogleAccounts } from './hooks/blockPasswordLoginForGoogleAccounts'
import { ensureFirstUserIsAdmin } from './hooks/ensureFirstUserIsAdmin'
import { hideUniquenessFromNonAdmins } from './hooks/hideUniquenessFromNonAdmins'
import { keepEmailsUnique } from './hooks/keepEmailsUnique'

export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    tokenExpiration: 60 * 60 * 24 * 7,
    // Payload's lockout counted wrong passwords per account from anywhere, so anyone could lock a
    // real admin out; ours counts per address and per account and address (`custom.loginGuard` below).
    maxLoginAttempts: 0,
    useSessions: true,
    // One SQL statement per call instead of a findByID, and "no such session" told from "the
    // database did not answer" (503, never an anonymous answer): lib/sessionLookup.ts.
    strategies: [sessionLookupStrategy],
    // Secure in production: the session cookie of /admin never travels over plain HTTP.
    cookies: { secure: secureCookies(env.CMS_PUBLIC_URL), sameSite: 'Lax' },
  },
  admin: {
    // Accounts are named by their holder's name (their e-mail until they have one) wherever /admin
    // titles them: the edit view, relationship pickers, lock notices (issue 32).
    useAsTitle: 'displayName',
    defaultColumns: ['displayName', 'email', 'roles', 'phone', 'createdAt'],
    listSearchableFields: ['email', 'name', 'phone'],
    // Lists read only their columns (Payload's select API), not whole documents with their
    // relationships and arrays: docs/decisions/104.
    enableListViewSelectAPI: true,
    group: 'People',
    hidden: ({ user }) => !checkRole(user, 'admin'),
  },
  access: {
    admin: canUseAdminPanel,
    // New accounts come from Google sign-in (the exchange endpoint) or from an admin.
    create: isAdmin,
    read: adminOrSelf,
    update: adminOrSelf,
    delete: isAdmin,
    unlock: isAdmin,
    readVersions: isAdmin,
  },
  hooks: {
    beforeLogin: [blockPasswordLoginForGoogleAccounts],
    beforeChange: [keepEmailsUnique],
    afterMe: [addMentorIdToMe],
    afterError: [hideUniquenessFromNonAdmins],
  },
  // Password sign-in limited per address and per account and address (docs/decisions/176).
  custom: { loginGuard: limitPasswordSignIn },
  // Google sign-in: the site exchanges a verified ID token for a session (service key only).
  endpoints: [oidcExchange, checkBookingAllowedEndpoint, subscribeEndpoint, grantPreviewEndpoint, grantPlanEndpoint],
  fields: [
    {
      // Admins only (the component checks): give this user a plan without a payment (docs/decisions/100).
      name: 'grantPlan',
      type: 'ui',
      admin: { position: 'sidebar', components: { Field: '/components/admin/GrantPlan' } },
    },
    {
      // Payload's own e-mail field, with one rule more: only admins set or change it (a student
      // could otherwise squat an address before its owner first signs in with Google).
      name: 'email',
      type: 'email',
      access: { create: isAdminField, update: isAdminField },
    },
    { name: 'name', type: 'text', maxLength: 120 },
    {
      // Kept by the database (trigger `users_display_name`, migration 20261129_200000): the name, or
      // the e-mail while there is none, whatever wrote the row (the booking form's name is written
      // in SQL). Never written through Payload.
      name: 'displayName',
      label: 'Account',
      type: 'text',
      index: true,
      admin: { readOnly: true, position: 'sidebar', description: 'The name, or the e-mail while there is none.' },
      access: { create: () => false, update: () => false },
    },
    {
      name: 'phone',
      type: 'text',
      admin: { description: 'Contact number given in the booking form (10 digits).' },
      validate: (value: unknown) =>
        value == null || value === '' || /^\d{10}$/.test(String(value)) || 'Please enter a valid 10-digit phone number',
    },
    {
      name: 'profileImage',
      type: 'text',
      admin: { description: 'Picture URL from the Google account.' },
    },
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      options: ROLES.map((r) => ({ label: r[0].toUpperCase() + r.slice(1), value: r })),
      defaultValue: ['student'],
      required: true,
      saveToJWT: true,
      index: true,
      hooks: { beforeChange: [ensureFirstUserIsAdmin] },
      access: {
        // Only admins set or change roles; everyone else gets the default on create.
        create: isAdminField,
        update: isAdminField,
      },
    },
    {
      name: 'passwordLogin',
      label: 'Allow password sign-in to /admin',
      type: 'checkbox',
      defaultValue: true,
      admin: {
        description: 'Accounts created by Google sign-in start without it; they sign in with Google only.',
      },
      access: { create: isAdminField, update: isAdminField, read: isAdminField },
    },
    {
      // Session reminders (docs/decisions/105): the student turns them off on the dashboard.
      name: 'remindersOff',
      label: 'No session reminders',
      type: 'checkbox',
      defaultValue: false,
      admin: { description: 'When set, no 24-hour or 1-hour reminders are sent (moves and cancellations still are).' },
    },
    {
      // Replaced by calendarTokenHash (docs/decisions/174): no longer read or written, emptied by
      // the migration that added the hash; kept until a contract step drops it.
      name: 'calendarToken',
      type: 'text',
      unique: true,
      index: true,
      admin: { hidden: true },
      access: { create: () => false, update: () => false, read: () => false },
    },
    {
      // The private calendar feed's token, as its SHA-256 (docs/decisions/106, 174): the token is a
      // secret in a URL, shown once when made; the database keeps only what identifies it.
      name: 'calendarTokenHash',
      type: 'text',
      unique: true,
      index: true,
      admin: { hidden: true },
      access: { create: () => false, update: () => false, read: () => false },
    },
    {
      name: 'googleSub',
      type: 'text',
      unique: true,
      index: true,
      admin: { readOnly: true, description: 'Google account subject, set by sign-in.' },
      access: {
        create: () => false,
        update: () => false,
        read: isAdminField,
      },
    },
    // Payload's lockout columns, kept while nothing writes them (maxLoginAttempts: 0 above): the
    // schema only grows (docs/schema-changes.md); a later release may drop them with a contract step.
    { name: 'loginAttempts', type: 'number', defaultValue: 0, hidden: true, access: { create: () => false, update: () => false } },
    { name: 'lockUntil', type: 'date', hidden: true, access: { create: () => false, update: () => false } },
  ],
  timestamps: true,
}
