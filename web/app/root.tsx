import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { SiteFooter } from '~/components/SiteFooter'
import { SiteHeader } from '~/components/SiteHeader'
import { Toaster } from '~/components/Toaster'
import { getSiteSettings } from '~/models/content.server'
import stylesheet from '~/tailwind.css?url'
import { getOptionalUser } from '~/utils/auth.server'
import { useNonce } from '~/utils/nonce-provider'
import { getSessionToken } from '~/utils/session.server'
import { getToast } from '~/utils/toast.server'

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: stylesheet },
]

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.settings?.seoTitle ?? 'MentorLoop' },
  { name: 'description', content: data?.settings?.seoDescription ?? '' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  // The header and footer still render when the CMS is down; the page says what failed.
  const [settings, { toast, headers }, signedIn] = await Promise.all([
    getSiteSettings().catch(() => null),
    getToast(request),
    // The avatar menu. When the CMS cannot say who this is, a visitor with a session cookie is
    // not shown "Sign in" (they are still signed in): the header says the account is unavailable.
    getOptionalUser(request).then(
      (u) => ({ user: u, accountUnavailable: false }),
      async () => ({ user: null, accountUnavailable: Boolean(await getSessionToken(request)) }),
    ),
  ])
  const user = signedIn.user ? { email: signedIn.user.email, roles: signedIn.user.roles, mentorId: signedIn.user.mentorId } : null
  // Only what the layout shows (header, footer, default meta): every page carries this data.
  const layout = settings
    ? {
        siteName: settings.siteName,
        seoTitle: settings.seoTitle,
        seoDescription: settings.seoDescription,
        supportEmail: settings.supportEmail,
        footer: settings.footer,
      }
    : null
  return data({ settings: layout, toast, user, accountUnavailable: signedIn.accountUnavailable }, { headers: headers ?? undefined })
}

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  return (
    <html lang="en-IN" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white font-sans text-slate-900 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader
          siteName={rootData?.settings?.siteName ?? 'MentorLoop'}
          user={rootData?.user ?? null}
          accountUnavailable={rootData?.accountUnavailable ?? false}
        />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter settings={rootData?.settings ?? null} />
        <Toaster toast={rootData?.toast ?? null} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** The root's errors (its loader, or a route without a boundary of its own) read like every route's. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
