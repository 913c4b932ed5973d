import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { buildConfig, databaseKVAdapter } from 'payload'
import sharp from 'sharp'
import { checkRole } from './access/checkRole'
import { JOBS_ACCESS, KV_ACCESS, withInternalAccess } from './access/internalCollections'
import { Batches } from './collections/Batches'
import { Bookings } from './collections/Bookings'
import { DiscountCodes } from './collections/DiscountCodes'
import { DiscountCodeUses } from './collections/DiscountCodeUses'
import { EmailOutbox } from './collections/EmailOutbox'
import { Faqs } from './collections/Faqs'
import { JobFailures } from './collections/JobFailures'
import { Media } from './collections/Media'
import { MentorApplications } from './collections/MentorApplications'
import { Mentors } from './collections/Mentors'
import { NewsletterSubscribers } from './collections/NewsletterSubscribers'
import { Notices } from './collections/Notices'
import { Pages } from './collections/Pages'
import { PaymentEvents } from './collections/PaymentEvents'
import { Payments } from './collections/Payments'
import { Plans } from './collections/Plans'
import { PracticeAnswers } from './collections/PracticeAnswers'
import { Questions } from './collections/Questions'
import { Ratings } from './collections/Ratings'
import { RefundRequests } from './collections/RefundRequests'
import { SeatOffers } from './collections/SeatOffers'
import { SessionAttendance } from './collections/SessionAttendance'
import { SessionReminders } from './collections/SessionReminders'
import { Sessions } from './collections/Sessions'
import { Testimonials } from './collections/Testimonials'
import { Users } from './collections/Users'
import { Waitlist } from './collections/Waitlist'
import { calendarEndpoints } from './endpoints/calendar'
import { insightsCsvEndpoint } from './endpoints/insights'
import { mentorHomeEndpoints } from './endpoints/mentorHome'
import { questionBankPaymentEndpoints } from './endpoints/questionBankPayment'
import { contentVersionsEndpoint, signInGuardEndpoint } from './endpoints/sharedState'
import { testClockEndpoint } from './endpoints/testClock'
import { BusinessRules } from './globals/BusinessRules'
import { SiteSettings } from './globals/SiteSettings'
import { startWorkersInThisProcess } from './jobs/autorun'
import { reconcilePaymentsTask } from './jobs/reconcile'
import { refundTasks } from './jobs/refunds'
import { timeTasks } from './jobs/time'
import { withIndiaTimeDates, withIndiaTimeDatesIn } from './lib/adminDates'
import { withYesNoInLists } from './lib/adminLists'
import { mapApiError } from './lib/apiErrors'
import { withUnusedAuthRoutesClosed } from './lib/authEndpointsInUse'
import { databaseAdapter } from './lib/db/adapter'
import { withNamedLocks } from './lib/documentLocks'
import { emailAdapter } from './lib/email'
import { assertSafeForProduction, env } from './lib/env'
import { livePreviewUrl } from './lib/livePreviewUrl'
import { mediaStoragePlugin } from './lib/media'
import { loggerOptions } from './lib/observability/logger'
import { mapDatabaseErrors, watchPool } from './lib/unavailable'

const dirname = path.dirname(fileURLToPath(import.meta.url))

/** Payload's words for signing in and out of /admin, in ours (issue 32, "Words"). */
const ADMIN_SIGN_IN_WORDS = {
  login: 'Sign in',
  logBackIn: 'Sign in again',
  loggedIn: 'To sign in as another user, <0>sign out</0> first.',
  loginWithAnotherUser: 'To sign in as another user, <0>sign out</0> first.',
  loggedOutInactivity: 'You were signed out after a while without activity.',
  loggedOutSuccessfully: 'You have been signed out.',
  loggingOut: 'Signing out...',
  logOut: 'Sign out',
  logout: 'Sign out',
  logoutSuccessful: 'Signed out.',
  stayLoggedIn: 'Stay signed in',
  youAreInactive: 'You have not been active for a while and will soon be signed out, to keep your account safe. Stay signed in?',
}

const config = withInternalAccess(
  buildConfig({
    serverURL: env.CMS_PUBLIC_URL,
    secret: env.PAYLOAD_SECRET,
    // The admin signs in and out in the product's words (docs/vocabulary.md: never "Login").
    i18n: { translations: { en: { authentication: ADMIN_SIGN_IN_WORDS } } },
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
        // Insights (issue 35, docs/decisions/199): admins and marketing staff; money views for admins.
        beforeNavLinks: ['/components/admin/insights/InsightsNavLink'],
        views: {
          insights: { Component: '/components/admin/insights/InsightsView', path: '/insights', meta: { title: 'Insights' } },
        },
      },
      // Staff see unsaved and draft edits on the real site before publishing: the admin frames the
      // site and posts the form's values to it (web/app/utils/live-preview.ts merges them).
      livePreview: {
        collections: ['plans', 'faqs', 'testimonials', 'pages'],
        globals: ['site-settings'],
        // At the edited item: a page at its address, a landing item at its section (lib/livePreviewUrl.ts).
        url: ({ collectionConfig, data }) => livePreviewUrl(env.WEB_PUBLIC_URL, collectionConfig?.slug, data),
        breakpoints: [
          { name: 'mobile', label: 'Mobile', width: 375, height: 812 },
          { name: 'tablet', label: 'Tablet', width: 768, height: 1024 },
          { name: 'desktop', label: 'Desktop', width: 1280, height: 900 },
        ],
      },
    },
    // Every auth route Payload adds answers as ours: the unused ones are closed (lib/authEndpointsInUse.ts).
    // Every date in the admin in India time (lib/adminDates.ts, docs/decisions/103).
    collections: [
      Users,
      Mentors,
      Plans,
      Batches,
      Bookings,
      Waitlist,
      SeatOffers,
      Payments,
      DiscountCodes,
      DiscountCodeUses,
      PaymentEvents,
      RefundRequests,
      Faqs,
      Testimonials,
      Pages,
      Media,
      NewsletterSubscribers,
      MentorApplications,
      EmailOutbox,
      Questions,
      PracticeAnswers,
      Sessions,
      SessionReminders,
      SessionAttendance,
      Ratings,
      Notices,
      JobFailures,
    ]
      .map(withUnusedAuthRoutesClosed)
      .map(withIndiaTimeDates)
      .map(withYesNoInLists),
    globals: [SiteSettings, BusinessRules].map(withIndiaTimeDatesIn),
    endpoints: [
      ...questionBankPaymentEndpoints,
      ...mentorHomeEndpoints,
      ...calendarEndpoints,
      insightsCsvEndpoint,
      testClockEndpoint,
      signInGuardEndpoint,
      contentVersionsEndpoint,
    ],
    // Every REST error as the one envelope, bad input as 4xx (docs/decisions/051-one-error-mapping.md);
    // then an unreachable database as 503 (053): the last hook's answer wins.
    hooks: { afterError: [mapApiError, mapDatabaseErrors] },
    email: emailAdapter,
    jobs: {
      tasks: [...timeTasks, ...refundTasks, reconcilePaymentsTask],
      // Jobs run in per-queue loops (cms/jobs/worker.ts, docs/decisions/070): in development in the
      // CMS itself (onInit), in production in `npm run worker` (JOBS_AUTORUN=false on the CMS). The
      // pick-up is exclusive, so any number of runners at once run each job once.
      deleteJobOnComplete: true,
      // Oldest first (jobs queued in one INSERT share a createdAt: the id keeps their order).
      processingOrder: () => ['createdAt', 'id'],
      access: {
        queue: ({ req }) => checkRole(req.user, 'admin'),
        run: ({ req }) => checkRole(req.user, 'admin'),
        cancel: ({ req }) => checkRole(req.user, 'admin'),
      },
      jobsCollectionOverrides: ({ defaultJobsCollection }) => ({
        // Its dates in India time too (lib/adminDates.ts): admins read the jobs in /admin.
        ...withIndiaTimeDatesIn(defaultJobsCollection),
        access: { ...defaultJobsCollection.access, ...JOBS_ACCESS },
        admin: { ...defaultJobsCollection.admin, hidden: ({ user }) => !checkRole(user, 'admin') },
      }),
    },
    // Payload's key-value store (server only): written out as nobody's over REST and GraphQL.
    kv: databaseKVAdapter({ kvCollectionOverrides: { access: KV_ACCESS } }),
    editor: lexicalEditor(),
    db: databaseAdapter(dirname),
    cors: [env.WEB_PUBLIC_URL, env.CMS_PUBLIC_URL],
    csrf: [env.WEB_PUBLIC_URL, env.CMS_PUBLIC_URL],
    sharp,
    // Uploads in an S3-compatible bucket when S3_BUCKET is set, else in MEDIA_DIR (lib/media.ts).
    plugins: [mediaStoragePlugin(env.media)],
    graphQL: { disablePlaygroundInProduction: true },
    telemetry: false,
    // JSON with the request id, no personal data, refusals not logged as errors (docs/decisions/132).
    logger: { options: loggerOptions() },
    typescript: {
      outputFile: path.resolve(dirname, '../packages/shared/src/payload-types.ts'),
      declare: false,
    },
    onInit: async (payload) => {
      assertSafeForProduction()
      watchPool(payload)
      startWorkersInThisProcess(payload)
    },
  }),
)

// Edit locks name their holder, and a save releases the saver's lock (lib/documentLocks.ts, docs/decisions/206).
export default withNamedLocks(config)
