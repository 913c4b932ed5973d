import { fillCopy, formatDate } from '@mentorloop/shared'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useNavigate, useSearchParams } from '@remix-run/react'
import { type MouseEvent, useEffect } from 'react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { RichText } from '~/components/RichText'
import { CmsError } from '~/models/cms.server'
import { parsePage } from '~/models/content'
import { getCopyValues, getPage } from '~/models/content.server'
import { env } from '~/utils/env.server'
import { useLivePreview } from '~/utils/live-preview'
import { POLICY_SLUGS } from '~/utils/policy'
import { mergePreview } from '~/utils/preview-merge'
import { seoMeta } from '~/utils/seo'

/**
 * The policy pages (docs/spec.md §2): /terms, /privacy, /cancellation, /shipping, /cookies, from the
 * CMS `pages` collection. Shown modal-style; Close and × go back one step, or to / when this page
 * was opened directly (and, without JavaScript, they are plain links to /).
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? seoMeta({ title: `${data.page.title} | MentorLoop`, description: data.page.summary ?? data.page.title, url: data.canonical })
    : [{ title: 'Page not found | MentorLoop' }]

export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  if (!(POLICY_SLUGS as readonly string[]).includes(slug)) throw new Response('We could not find that page.', { status: 404 })
  try {
    const [page, copy] = await Promise.all([getPage(slug), getCopyValues()])
    if (!page) throw new Response('We could not find that page.', { status: 404 })
    return {
      // The live preview fills the placeholders of what staff type with the same values.
      copy,
      page: { id: page.id, title: page.title, summary: page.summary, content: page.content, updatedAt: page.updatedAt },
      canonical: `${env.WEB_PUBLIC_URL}/${slug}`,
      cmsOrigin: new URL(env.CMS_PUBLIC_URL).origin,
    }
  } catch (error) {
    if (error instanceof CmsError)
      throw new Response('This page is temporarily unavailable. Please try again in a moment.', { status: 503 })
    throw error
  }
}

export default function PolicyPage() {
  const data = useLoaderData<typeof loader>()
  const [searchParams] = useSearchParams()
  const preview = useLivePreview(searchParams.has('livePreview'), data.cmsOrigin)
  // An edit that empties the page previews as the published page (publishing it would 404).
  const page =
    (preview?.collectionSlug === 'pages' && String(preview.data.id) === String(data.page.id)
      ? parsePage(fillCopy(mergePreview(data.page, preview.data), data.copy))
      : null) ?? data.page
  const navigate = useNavigate()
  // Remix keeps the position in history.state.idx: 0 means this page was the first one opened.
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0
    if (idx > 0) navigate(-1)
    else navigate('/')
  }
  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    goBack()
  }
  // Like a dialog, Escape closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: goBack reads history at the time of the key press
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) goBack()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const updated = page.updatedAt ? formatDate(page.updatedAt) : null
  return (
    <div className="bg-slate-900/50 px-3 py-8 sm:px-6 sm:py-12">
      <article
        aria-labelledby="policy-title"
        className="relative mx-auto max-w-3xl rounded-2xl bg-white p-6 shadow-2xl sm:p-10"
        data-testid="policy-page"
      >
        <Link
          to="/"
          onClick={close}
          className="absolute right-3 top-3 grid size-10 place-items-center rounded-full text-2xl leading-none text-slate-600 hover:bg-slate-100"
        >
          <span aria-hidden="true">×</span>
          <span className="sr-only">Close</span>
        </Link>
        <h1 id="policy-title" className="pr-10 text-3xl font-bold text-slate-900">
          {page.title}
        </h1>
        {updated ? <p className="mt-2 text-sm text-slate-600">Last updated {updated}</p> : null}
        <div className="policy-content mt-6 text-slate-800">
          <RichText content={page.content} />
        </div>
        <div className="mt-10 flex justify-end">
          <Link to="/" onClick={close} className="rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-900">
            Close
          </Link>
        </div>
      </article>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
