/**
 * The avatar's classes: one colour, the brand's navy, for the one state that has an avatar
 * (signed in). Its own module so the header's placeholder avatar does not pull in the menu.
 */
export const AVATAR_CLASS =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-base font-bold text-white shadow-sm hover:bg-brand-900'
