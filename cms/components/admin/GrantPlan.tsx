import type { UIFieldServerProps } from 'payload'
import { checkRole } from '../../access/checkRole'
import GrantPlanForm from './GrantPlanForm'
import { ADMIN_TOOL_CSS } from './RefundDecision'

/**
 * "Grant plan" on a user in /admin (a UI field in the sidebar, admins only): the plans to choose
 * from, read on the server; the form previews what the grant covers and asks to confirm before
 * granting (POST /api/users/:id/grant-plan, docs/decisions/100).
 */
export default async function GrantPlan({ id, req, payload }: UIFieldServerProps) {
  if (id === undefined || id === null || !checkRole(req.user, 'admin')) return null
  const { docs } = await payload.find({
    collection: 'plans',
    where: { active: { equals: true } },
    sort: ['product', 'order'],
    depth: 0,
    limit: 50,
    overrideAccess: true,
    req,
  })
  const plans = docs.map((p) => ({ code: p.code, name: p.name, product: p.product }))
  return (
    <section className="ml-grant" aria-labelledby="ml-grant-title" data-testid="grant-plan">
      <style>{ADMIN_TOOL_CSS}</style>
      <h3 id="ml-grant-title">Grant plan</h3>
      <p className="field-description ml-hint">A plan without a payment (support cases). You see what it covers before you confirm.</p>
      <GrantPlanForm userId={Number(id)} plans={plans} />
    </section>
  )
}
