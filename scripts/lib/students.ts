import type pg from 'pg'

/**
 * Many students with plans, fast, for a rush in a bench or a test (set-up is not what they measure):
 * the students `${prefix}-1@${domain}` ... `${prefix}-${count - 1}@${domain}` copied in SQL from a
 * template user made through the API (so each has its real password hash: they sign in through the
 * API), each with a completed BEGINNER_TECHY payment, a credit for a seat. The template is number 0
 * and gets a plan too.
 */
export async function copyStudentsWithPlans(db: pg.Client, opts: { templateId: number; prefix: string; domain: string; count: number }) {
  await db.query(
    `WITH t AS (SELECT hash, salt FROM users WHERE id = $1),
          u AS (
            INSERT INTO users (email, name, password_login, hash, salt)
            SELECT $2 || '-' || g || '@' || $3, 'Student ' || g, true, t.hash, t.salt
              FROM generate_series(1, $4::int - 1) g, t
            RETURNING id)
     INSERT INTO users_roles ("order", parent_id, value) SELECT 1, id, 'student' FROM u`,
    [opts.templateId, opts.prefix, opts.domain, opts.count],
  )
  await db.query(
    `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id, subscription_starts, subscription_ends)
     SELECT u.id, p.id, p.price * 100, 'INR', 'completed', 'sandbox', 'copied_order_' || u.id, 'copied_pay_' || u.id,
            now() - interval '1 day', now() + interval '30 days'
       FROM users u, (SELECT id, price FROM plans WHERE code = 'BEGINNER_TECHY') p
      WHERE u.email LIKE $1 || '-%@' || $2`,
    [opts.prefix, opts.domain],
  )
}
