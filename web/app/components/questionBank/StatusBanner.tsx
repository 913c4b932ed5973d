/**
 * The screen's coloured message (docs/spec.md §2): success green, info blue, error red. Errors are
 * announced at once (role="alert"), the others politely (role="status").
 */
export type Banner = { kind: 'success' | 'info' | 'error'; text: string }

const STYLES: Record<Banner['kind'], string> = {
  success: 'border-green-300 bg-green-50 text-green-900',
  info: 'border-blue-300 bg-blue-50 text-blue-900',
  error: 'border-red-300 bg-red-50 text-red-900',
}

export function StatusBanner({ banner, onClose }: { banner: Banner | null; onClose: () => void }) {
  return (
    <>
      <div role="status" aria-live="polite" className="contents">
        {banner && banner.kind !== 'error' ? <BannerBox banner={banner} onClose={onClose} /> : null}
      </div>
      <div role="alert" className="contents">
        {banner && banner.kind === 'error' ? <BannerBox banner={banner} onClose={onClose} /> : null}
      </div>
    </>
  )
}

function BannerBox({ banner, onClose }: { banner: Banner; onClose: () => void }) {
  return (
    <div
      data-testid="qb-banner"
      data-kind={banner.kind}
      className={`pointer-events-auto flex items-start justify-between gap-4 rounded-xl border px-4 py-3 shadow-sm ${STYLES[banner.kind]}`}
    >
      <p className="font-medium">{banner.text}</p>
      <button type="button" onClick={onClose} className="shrink-0 rounded px-2 text-lg leading-none" aria-label="Dismiss message">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  )
}
