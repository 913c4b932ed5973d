/**
 * The buy button on a mentorship plan card (landing plans section and /subscriptions).
 *
 * Owned by the payments work (issue 6): it runs the purchase flow (sign-in check, owned-plan
 * check, create order on the server, checkout widget, verification). The landing page only
 * places it inside <PlanCard action={...}>.
 */
export function BuyPlanButton({ planCode, planName }: { planCode: string; planName: string }) {
  return (
    <a
      href={`/subscriptions#${planCode}`}
      className="block w-full rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-900"
    >
      Choose {planName}
    </a>
  )
}
