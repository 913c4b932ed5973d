/** A small spinner that screen readers announce by its label; it stops spinning under reduced motion. */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700" data-testid="qb-spinner">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}
