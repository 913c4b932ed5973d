import { COPY_PLACEHOLDERS_HELP, DEFAULT_BATCH_SIZE, GSTIN_PATTERN, RATINGS_FOR_HERO } from '@mentorloop/shared'
import type { Field, FieldHook, GlobalConfig } from 'payload'
import { hiddenUnless } from '../../access/adminPanel'
import { isEditor } from '../../access/isEditor'
import { publishedOrEditor } from '../../access/publishedOrEditor'
import { revalidateGlobalAfterChange } from '../../lib/revalidateSite'
import { bannerCode } from '../../services/offers/bannerCode'
import { siteRatingFigures } from '../../services/ratings/ratings'

/** What the admin reads next to the hero's figures: the real ones, and whether the site shows them (docs/decisions/108, 182). */
const describeRatingFigures: FieldHook = async ({ req }) => {
  const f = await siteRatingFigures(req)
  const real =
    f.count === 0
      ? 'No ratings yet.'
      : `${f.count} ${f.count === 1 ? 'rating' : 'ratings'}: average ${f.average?.toFixed(1)}/5, ${f.satisfaction}% gave 4 or 5 stars.`
  return f.live
    ? `${real} The site shows these real figures for the stats marked “Average rating” and “Session satisfaction”.`
    : `${real} Until there are ${RATINGS_FOR_HERO} ratings the site leaves the stats marked “Average rating” and “Session satisfaction” out; it never shows the values typed below for them.`
}

const link: Field[] = [
  { name: 'label', type: 'text', required: true },
  { name: 'href', type: 'text', required: true },
]

/** Every piece of landing-page copy the spec names, so staff change words without code. */
export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  // Staff's copy, not a mentor's business: mentors use /admin for their sessions only (docs/decisions/184).
  admin: { group: 'Content', description: COPY_PLACEHOLDERS_HELP, hidden: hiddenUnless('admin', 'staff') },
  versions: { drafts: true, max: 20 },
  // The site caches this; tell it when the published copy changes.
  hooks: { afterChange: [revalidateGlobalAfterChange('site-settings')] },
  // Everyone reads the published copy; drafts (?draft=true) and history are for staff.
  access: { read: publishedOrEditor, update: isEditor, readVersions: isEditor },
  fields: [
    {
      type: 'tabs',
      tabs: [
        {
          label: 'General',
          fields: [
            { name: 'siteName', type: 'text', required: true, defaultValue: 'MentorLoop' },
            { name: 'seoTitle', type: 'text', required: true, maxLength: 70 },
            { name: 'seoDescription', type: 'textarea', required: true, maxLength: 200 },
            { name: 'supportEmail', type: 'email', required: true },
            {
              // The one batch size the copy states ({batchSize}); mentors' capacities may differ
              // from month to month, the promise does not (docs/decisions/091-copy-placeholders.md).
              name: 'batchSize',
              label: 'Batch size',
              type: 'text',
              required: true,
              maxLength: 20,
              defaultValue: DEFAULT_BATCH_SIZE,
              admin: { description: 'What {batchSize} reads as everywhere in the copy, e.g. 12–15 or 15.' },
            },
          ],
        },
        {
          label: 'Hero',
          name: 'hero',
          fields: [
            { name: 'headline', type: 'text', required: true },
            { name: 'subheadline', type: 'textarea' },
            { name: 'refundPromise', type: 'text', required: true },
            {
              name: 'ratingFigures',
              label: 'Figures from real ratings',
              type: 'textarea',
              virtual: true,
              admin: { readOnly: true, description: `Computed from students’ ratings; used from ${RATINGS_FOR_HERO} ratings.` },
              hooks: { afterRead: [describeRatingFigures] },
            },
            {
              name: 'stats',
              type: 'array',
              minRows: 3,
              maxRows: 3,
              fields: [
                { name: 'value', type: 'text', required: true },
                { name: 'label', type: 'text', required: true },
                {
                  name: 'figure',
                  type: 'select',
                  defaultValue: 'text',
                  options: [
                    { label: 'The value typed here', value: 'text' },
                    { label: 'Average rating (from real ratings)', value: 'averageRating' },
                    { label: 'Session satisfaction: 4 and 5 stars (from real ratings)', value: 'satisfaction' },
                  ],
                  admin: {
                    description: `A figure from real ratings replaces the value from ${RATINGS_FOR_HERO} ratings; until then the stat is not shown (a typed rating is not one anyone gave).`,
                  },
                },
              ],
            },
          ],
        },
        {
          label: 'Features',
          fields: [
            {
              name: 'features',
              type: 'array',
              labels: { singular: 'Feature card', plural: 'Feature cards' },
              minRows: 1,
              maxRows: 12,
              fields: [
                { name: 'title', type: 'text', required: true },
                { name: 'description', type: 'textarea', required: true },
              ],
            },
            {
              name: 'explainers',
              type: 'array',
              labels: { singular: 'Explainer box', plural: 'Explainer boxes' },
              maxRows: 4,
              fields: [
                { name: 'title', type: 'text', required: true },
                { name: 'points', type: 'array', fields: [{ name: 'text', type: 'text', required: true }] },
              ],
            },
          ],
        },
        {
          label: 'Sections',
          fields: [
            {
              name: 'mentorsSection',
              type: 'group',
              fields: [
                { name: 'heading', type: 'text', required: true },
                { name: 'intro', type: 'textarea' },
                {
                  name: 'count',
                  type: 'number',
                  label: 'Mentors shown',
                  min: 1,
                  max: 12,
                  defaultValue: 6,
                  admin: {
                    step: 1,
                    description:
                      'How many mentor cards the landing page shows: featured mentors first, then those with open seats. The rest are in the directory.',
                  },
                },
              ],
            },
            {
              name: 'about',
              type: 'group',
              fields: [
                { name: 'heading', type: 'text', required: true },
                { name: 'body', type: 'textarea', required: true },
              ],
            },
            {
              name: 'faqSection',
              type: 'group',
              fields: [{ name: 'heading', type: 'text', required: true }],
            },
            {
              name: 'contact',
              type: 'group',
              fields: [
                { name: 'heading', type: 'text', required: true },
                { name: 'body', type: 'textarea', required: true },
              ],
            },
            {
              name: 'booking',
              type: 'group',
              fields: [
                { name: 'heading', type: 'text', required: true },
                { name: 'footnote', type: 'text', required: true },
              ],
            },
            {
              name: 'plansSection',
              type: 'group',
              fields: [
                { name: 'heading', type: 'text', required: true },
                { name: 'banner', type: 'text' },
                {
                  name: 'bannerEndsAt',
                  label: 'Banner ends at',
                  type: 'date',
                  admin: {
                    date: { pickerAppearance: 'dayAndTime' },
                    description:
                      'The banner reads “until {date}” and hides itself after this moment. Empty: no end, and words of urgency (“Limited time only”, “Hurry”) are left out of the banner: an offer without an end is not limited.',
                  },
                },
                {
                  name: 'bannerDiscountCode',
                  label: 'Banner names a discount code',
                  type: 'relationship',
                  relationTo: 'discount-codes',
                  admin: {
                    description:
                      'The banner says “Use code …” and ends with the code: at its Until (or the banner’s own end, if earlier), or when the code is switched off.',
                  },
                },
                {
                  // What the public site reads of that code (services/offers/bannerCode.ts): students never read the list of codes.
                  name: 'bannerCode',
                  type: 'json',
                  virtual: true,
                  admin: { hidden: true },
                  hooks: { afterRead: [bannerCode] },
                },
              ],
            },
          ],
        },
        {
          // Printed on payment receipts (cms/services/payments/receipt.ts).
          label: 'Business',
          name: 'business',
          fields: [
            { name: 'legalName', type: 'text', required: true, defaultValue: 'MentorLoop' },
            { name: 'address', type: 'textarea', required: true, defaultValue: 'Bengaluru, Karnataka, India' },
            {
              name: 'gstin',
              type: 'text',
              label: 'GSTIN',
              admin: { description: 'Optional. 15 characters, e.g. 29ABCDE1234F1Z5; leave empty when not registered.' },
              validate: (value: unknown) =>
                value == null ||
                value === '' ||
                GSTIN_PATTERN.test(String(value)) ||
                'Enter a valid 15-character GSTIN (e.g. 29ABCDE1234F1Z5).',
            },
          ],
        },
        {
          label: 'Footer',
          name: 'footer',
          fields: [
            { name: 'tagline', type: 'textarea' },
            { name: 'services', type: 'array', fields: link },
            { name: 'informationLinks', type: 'array', fields: link },
            { name: 'newsletterHeading', type: 'text' },
            {
              name: 'socials',
              type: 'group',
              admin: { description: 'Leave a link empty to hide its icon.' },
              fields: [
                { name: 'linkedin', type: 'text' },
                { name: 'facebook', type: 'text' },
                { name: 'twitter', type: 'text' },
              ],
            },
            { name: 'madeWith', type: 'text', defaultValue: 'Made with ♥ for engineering students' },
          ],
        },
      ],
    },
  ],
}
