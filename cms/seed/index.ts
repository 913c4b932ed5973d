import { nowMs } from '@mentorloop/shared'
import type { CollectionSlug, Payload, Where } from 'payload'
import { mentors } from './content/mentors'
import { withOptions } from './content/questionOptions'
import { questions } from './content/questions'
import { defaultDocuments, defaultSiteSettings, demoTestimonials } from './defaultContent'
import { mentorPhoto } from './mentorPhotos'
import { FILLER_STUDENTS, PERSONAS, SEED_PASSWORD } from './personas'

/**
 * Idempotent and non-destructive: every record is created only when its natural key (plan code,
 * e-mail, slug, question) is missing, so running it again fills gaps and never overwrites what
 * staff changed. Refuses to run in production.
 */
export type SeedReport = { created: Record<string, number> }

const DAY = 24 * 60 * 60 * 1000

export async function seed(payload: Payload): Promise<SeedReport> {
  if (process.env.NODE_ENV === 'production') {
    throw new Error('The seed is for development and tests; it refuses to run in production.')
  }
  const created: Record<string, number> = {}
  const count = (slug: string) => {
    created[slug] = (created[slug] ?? 0) + 1
  }

  async function ensure<T extends Record<string, unknown>>(
    collection: CollectionSlug,
    where: Where,
    data: T,
  ): Promise<{ id: number | string }> {
    const existing = await payload.find({ collection, where, limit: 1, depth: 0, overrideAccess: true, draft: false })
    if (existing.docs[0]) return existing.docs[0] as { id: number | string }
    const doc = await payload.create({ collection, data: data as never, overrideAccess: true, depth: 0 })
    count(collection)
    return doc as { id: number | string }
  }

  // Site copy: only when the global was never saved.
  const settings = await payload.findGlobal({ slug: 'site-settings', overrideAccess: true, depth: 0 })
  if (!settings?.seoTitle) {
    await payload.updateGlobal({ slug: 'site-settings', data: defaultSiteSettings() as never, overrideAccess: true })
    count('site-settings')
  }

  // Plans, FAQ, policy pages (what `npm run content:init` loads in production) and the demo testimonials.
  const planIds: Record<string, number | string> = {}
  for (const doc of [...defaultDocuments(), ...demoTestimonials()]) {
    const { id } = await ensure(doc.collection, doc.key, doc.data)
    if (doc.collection === 'plans') planIds[String(doc.data.code)] = id
  }

  const userIds: Record<string, number | string> = {}
  for (const [key, p] of Object.entries(PERSONAS)) {
    const doc = await ensure(
      'users',
      { email: { equals: p.email } },
      {
        email: p.email,
        name: p.name,
        roles: [...p.roles],
        // Google-only personas still need a password value; nobody knows it and login is refused.
        password: p.password ? SEED_PASSWORD : crypto.randomUUID() + crypto.randomUUID(),
        passwordLogin: p.password,
      },
    )
    userIds[key] = doc.id
  }
  for (const f of FILLER_STUDENTS) {
    const doc = await ensure(
      'users',
      { email: { equals: f.email } },
      { email: f.email, name: f.name, roles: ['student'], password: crypto.randomUUID() + crypto.randomUUID(), passwordLogin: false },
    )
    userIds[f.email] = doc.id
  }

  // Each seeded mentor gets a small generated portrait in Media (no network; dev seed only).
  async function ensurePhoto(mentorId: number | string, name: string, index: number) {
    const mentor = await payload.findByID({ collection: 'mentors', id: mentorId, depth: 0, overrideAccess: true })
    if (mentor.photo) return
    const data = await mentorPhoto(index)
    const filename = `seed-mentor-${index + 1}.webp`
    const media = await payload.create({
      collection: 'media',
      data: { alt: `Portrait of ${name}` },
      file: { data, mimetype: 'image/webp', name: filename, size: data.length },
      overrideAccess: true,
      depth: 0,
    })
    count('media')
    await payload.update({
      collection: 'mentors',
      id: mentorId,
      data: { photo: media.id, _status: 'published' },
      overrideAccess: true,
      depth: 0,
    })
  }

  const mentorIds: (number | string)[] = []
  for (const [index, m] of mentors.entries()) {
    const doc = await ensure(
      'mentors',
      { email: { equals: m.email } },
      {
        ...m,
        acceptingBookings: true,
        ...(index === 0 ? { user: userIds.mentor } : {}),
        _status: 'published',
      },
    )
    mentorIds.push(doc.id)
    await ensurePhoto(doc.id, m.name, index)
  }

  // Students with an active mentorship plan: the persona and the two who fill the small batch.
  const now = nowMs()
  const planHolders = [userIds.studentWithPlan, ...FILLER_STUDENTS.map((f) => userIds[f.email])]
  for (const [i, userId] of planHolders.entries()) {
    await ensure(
      'payments',
      { gatewayOrderId: { equals: `seed_order_${userId}` } },
      {
        user: userId,
        plan: planIds[i === 0 ? 'PLACEMENT_FOCUSED' : 'BEGINNER_TECHY'],
        amount: (i === 0 ? 799 : 599) * 100,
        currency: 'INR',
        status: 'completed',
        gateway: 'sandbox',
        gatewayOrderId: `seed_order_${userId}`,
        gatewayPaymentId: `seed_pay_${userId}`,
        subscriptionStarts: new Date(now - 2 * DAY).toISOString(),
        subscriptionEnds: new Date(now + 28 * DAY).toISOString(),
      },
    )
  }

  // Fill the second mentor's batch (capacity 2) so the site shows one full mentor.
  const fullMentor = mentorIds[1]
  for (const f of FILLER_STUDENTS) {
    await ensure(
      'bookings',
      { user: { equals: userIds[f.email] } },
      { user: userIds[f.email], mentor: fullMentor, status: 'confirmed', source: 'direct' },
    )
  }

  // The question bank, interleaved by topic so any prefix of it is a fair mix; the Free sample
  // is the first question of five different topics.
  const byTopic = new Map<string, typeof questions>()
  for (const q of [...questions].sort((a, b) => a.order - b.order)) {
    byTopic.set(q.topic, [...(byTopic.get(q.topic) ?? []), q])
  }
  const interleaved: typeof questions = []
  for (let round = 0; interleaved.length < questions.length; round++) {
    for (const list of byTopic.values()) if (list[round]) interleaved.push(list[round]!)
  }
  const freeTopics = new Set<string>()
  for (const [i, raw] of interleaved.entries()) {
    // Practice needs answer options: the Free sample is made of multiple-choice questions.
    const q = withOptions(raw)
    const inFreeSample = Boolean(q.options) && freeTopics.size < 5 && !freeTopics.has(q.topic)
    if (inFreeSample) freeTopics.add(q.topic)
    await ensure('questions', { question: { equals: q.question } }, { ...q, order: i + 1, inFreeSample })
  }

  return { created }
}
