import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, databaseKVAdapter } from 'payload'
import sharp from 'sharp'
import { checkRole } from './access/checkRole'
import { JOBS_ACCESS, KV_ACCESS, withInternalAccess } from './access/internalCollections'
import { Batches } from './collections/Batches'
import { Bookings } from './collections/Bookings'
import { EmailOutbox } from './collections/EmailOutbox'
import { Faqs } from './collections/Faqs'
import { Media } from './collections/Media'
import { Mentors } from './collections/Mentors'
import { NewsletterSubscribers } from './collections/NewsletterSubscribers'
import { Pages } from './collections/Pages'
import { PaymentEvents } from './collections/PaymentEvents'
import { Payments } from './collections/Payments'
import { Plans } from './collections/Plans'
import { PracticeAnswers } from './collections/PracticeAnswers'
import { Questions } from './collections/Questions'
import { RefundRequests } from './collections/RefundRequests'
import { SeatOffers } from './collections/SeatOffers'
import { Sessions } from './collections/Sessions'
import { Testimonials } from './collections/Testimonials'
import { Users } from './collections/Users'
import { Waitlist } from './collections/Waitlist'
import { questionBankPaymentEndpoints } from './endpoints/questionBankPayment'
import { testClockEndpoint } from './endpoints/testClock'
import { BusinessRules } from './globals/BusinessRules'
import { SiteSettings } from './globals/SiteSettings'
import { refundTasks } from './jobs/refunds'
import { sendEmailTask } from './jobs/sendEmail'
import { TIME_QUEUE, timeTasks } from './jobs/time'
import { mapApiError } from './lib/apiErrors'
import { addBusinessConstraints } from './lib/dbConstraints'
import { emailAdapter } from './lib/email'
import { assertSafeForProduction, env } from './lib/env'
import { mapDatabaseErrors, watchPool } from './lib/unavailable'
import { migrations } from './migrations'
import { REFUNDS_QUEUE } from './services/payments/refundAttempts'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default withInternalAccess(
  buildConfig({
    serverURL: env.CMS_PUBLIC_URL,
    secret: env.PAYLOAD_SECRET,
    admin: {
      user: Users.slug,
      importMap: { baseDir: dirname },
      meta: {
        titleSuffix: ' · MentorLoop CMS',
        icons: [{ rel: 'icon', type: 'image/svg+xml', url: '/mentorloop-icon.svg' }],
      },
      // The account picture is Payload's bundled one: gravatar would need the network (broken offline).
      avatar: 'default',
      components: {
        graphics: { Logo: '/components/admin/Logo', Icon: '/components/admin/Icon' },
        // What needs an admin's attention, above the collection cards (admins only; docs/decisions/068).
        beforeDashboard: ['/components/admin/AttentionDashboard'],
      },
      // Staff see unsaved and draft edits on the real site before publishing: the admin frames the
      // site and posts the form's values to it (web/app/utils/live-preview.ts merges them).
      livePreview: {
        collections: ['plans', 'faqs', 'testimonials', 'pages'],
        globals: ['site-settings'],
        url: ({ collectionConfig, data }) =>
          collectionConfig?.slug === 'pages' && typeof data?.slug === 'string' && /^[a-z0-9-]+$/.test(data.slug)
            ? `${env.WEB_PUBLIC_URL}/${data.slug}?livePreview=1`
            : `${env.WEB_PUBLIC_URL}/?livePreview=1`,
        breakpoints: [
          { name: 'mobile', label: 'Mobile', width: 375, height: 812 },
          { name: 'tablet', label: 'Tablet', width: 768, height: 1024 },
          { name: 'desktop', label: 'Desktop', width: 1280, height: 900 },
        ],
      },
    },
    collections: [
      Users,
      Mentors,
      Plans,
      Batches,
      Bookings,
      Waitlist,
      SeatOffers,
      Payments,
      PaymentEvents,
      RefundRequests,
      Faqs,
      Testimonials,
      Pages,
      Media,
      NewsletterSubscribers,
      EmailOutbox,
      Questions,
      PracticeAnswers,
      Sessions,
    ],
    globals: [SiteSettings, BusinessRules],
    endpoints: [...questionBankPaymentEndpoints, testClockEndpoint],
    // Every REST error as the one envelope, bad input as 4xx (docs/decisions/051-one-error-mapping.md);
    // then an unreachable database as 503 (053): the last hook's answer wins.
    hooks: { afterError: [mapApiError, mapDatabaseErrors] },
    email: emailAdapter,
    jobs: {
      tasks: [sendEmailTask, ...timeTasks, ...refundTasks],
      // In development the CMS runs the queues; in production a separate worker does
      // (`npm run worker`, JOBS_AUTORUN=false on the CMS); scripts and tests set JOBS_AUTORUN=false
      // and run jobs explicitly. The `time` queue's tasks are scheduled by their cron.
      autoRun: [
        { cron: '*/5 * * * * *', queue: 'default', limit: 25 },
        { cron: '*/20 * * * * *', queue: TIME_QUEUE, limit: 10 },
        { cron: '*/5 * * * * *', queue: REFUNDS_QUEUE, limit: 10 },
      ],
      shouldAutoRun: () => process.env.JOBS_AUTORUN !== 'false',
      deleteJobOnComplete: true,
      // Oldest first: a student's e-mails go out in the order their steps happened (jobs queued in
      // one INSERT share a createdAt: the id keeps their order).
      processingOrder: () => ['createdAt', 'id'],
      access: {
        queue: ({ req }) => checkRole(req.user, 'admin'),
        run: ({ req }) => checkRole(req.user, 'admin'),
        cancel: ({ req }) => checkRole(req.user, 'admin'),
      },
      jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
        ...defaultJobsCollection,
        access: { ...defaultJobsCollection.access, ...JOBS_ACCESS },
        admin: { ...defaultJobsCollection.admin, hidden: ({ user }) => !checkRole(user, 'admin') },
      }),
    },
    // Payload's key-value store (server only): written out as nobody's over REST and GraphQL.
    kv: databaseKVAdapter({ kvCollectionOverrides: { access: KV_ACCESS } }),
    editor: lexicalEditor(),
    db: postgresAdapter({
      // A request waits at most 5 s for a connection: an unreachable database answers 503, not a hang.
      pool: { connectionString: env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_MAX ?? 10), connectionTimeoutMillis: 5_000 },
      // The schema comes from committed migrations everywhere (dev, tests, production), so what we
      // test is what we ship; `npm run migrate:create` after changing a collection.
      push: false,
      migrationDir: path.resolve(dirname, 'migrations'),
      prodMigrations: migrations,
      afterSchemaInit: [addBusinessConstraints],
    }),
    cors: [env.WEB_PUBLIC_URL, env.CMS_PUBLIC_URL],
    csrf: [env.WEB_PUBLIC_URL, env.CMS_PUBLIC_URL],
    sharp,
    graphQL: { disablePlaygroundInProduction: true },
    telemetry: false,
    logger: { options: { level: process.env.LOG_LEVEL ?? 'info' } },
    typescript: {
      outputFile: path.resolve(dirname, '../packages/shared/src/payload-types.ts'),
      declare: false,
    },
    onInit: async (payload) => {
      assertSafeForProduction()
      watchPool(payload)
    },
  }),
)
