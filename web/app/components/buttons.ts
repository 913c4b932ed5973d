/** The site's button styles, shared by dialogs, forms and cards. */
export const primaryButton =
  'rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60'
export const secondaryButton =
  'rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60'
