import { default as default_9c48d3bafa65884a2a79be9f0e548f37 } from '../../../components/admin/GrantPlan'
import { default as default_24d736a12c5b5857e4243581f73c2e32 } from '../../../components/admin/IstDateCell'
import { default as default_4facfb50bf3f15c1cd32682b5e0b4f8d } from '../../../components/admin/IstDateHint'
import { default as default_dcb7a29b4398ac7b9ae2155d8372496c } from '../../../components/admin/IstDocumentDates'
import { default as default_9959fbdda287a580274b0799eaf54053 } from '../../../components/admin/BatchSessions'
import { default as default_c1da31f974baa1df1f0d3682f4ce9e82 } from '../../../components/admin/RupeesCell'
import { default as default_40570c440e5942019338af1176e0c9fb } from '../../../components/admin/RupeesHint'
import { default as default_4a5f22c013534f565ca9d375f4ce5a74 } from '../../../components/admin/DiscountHint'
import { default as default_532f425d36a56704bd8d032af9ace479 } from '../../../components/admin/RefundDecision'
import { default as default_ec64df0c78397e08da8645044491a67c } from '../../../components/admin/WholeRupeesCell'
import { default as default_c8d1c4f19d5eb551c61aa3ef0077b0aa } from '../../../components/admin/YesNoCell'
import { default as default_ac2dc8498bfe7bd5f3adad1aa836d0be } from '../../../components/admin/MentorApplicationDecision'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { default as default_411d5720d4444500439bcf153313ff17 } from '../../../components/admin/SessionStartsAtField'
import { default as default_dfe4008080d895d460898c3a6155e9ba } from '../../../components/admin/Icon'
import { default as default_91a09b539d3c86b0aebf520e7564ce08 } from '../../../components/admin/Logo'
import { default as default_c56b6fd5e3e1e9869501e3b55e63be30 } from '../../../components/admin/AttentionDashboard'
import { default as default_3f36e0f42b0c5eab66503e3b97a7da68 } from '../../../components/admin/insights/InsightsNavLink'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { default as default_daa64d11034908fbb26843f5bbaf7fe7 } from '../../../components/admin/insights/InsightsView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/components/admin/GrantPlan#default": default_9c48d3bafa65884a2a79be9f0e548f37,
  "/components/admin/IstDateCell#default": default_24d736a12c5b5857e4243581f73c2e32,
  "/components/admin/IstDateHint#default": default_4facfb50bf3f15c1cd32682b5e0b4f8d,
  "/components/admin/IstDocumentDates#default": default_dcb7a29b4398ac7b9ae2155d8372496c,
  "/components/admin/BatchSessions#default": default_9959fbdda287a580274b0799eaf54053,
  "/components/admin/RupeesCell#default": default_c1da31f974baa1df1f0d3682f4ce9e82,
  "/components/admin/RupeesHint#default": default_40570c440e5942019338af1176e0c9fb,
  "/components/admin/DiscountHint#default": default_4a5f22c013534f565ca9d375f4ce5a74,
  "/components/admin/RefundDecision#default": default_532f425d36a56704bd8d032af9ace479,
  "/components/admin/WholeRupeesCell#default": default_ec64df0c78397e08da8645044491a67c,
  "/components/admin/YesNoCell#default": default_c8d1c4f19d5eb551c61aa3ef0077b0aa,
  "/components/admin/MentorApplicationDecision#default": default_ac2dc8498bfe7bd5f3adad1aa836d0be,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/components/admin/SessionStartsAtField#default": default_411d5720d4444500439bcf153313ff17,
  "/components/admin/Icon#default": default_dfe4008080d895d460898c3a6155e9ba,
  "/components/admin/Logo#default": default_91a09b539d3c86b0aebf520e7564ce08,
  "/components/admin/AttentionDashboard#default": default_c56b6fd5e3e1e9869501e3b55e63be30,
  "/components/admin/insights/InsightsNavLink#default": default_3f36e0f42b0c5eab66503e3b97a7da68,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/components/admin/insights/InsightsView#default": default_daa64d11034908fbb26843f5bbaf7fe7,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
