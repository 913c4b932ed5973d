import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_users_roles" AS ENUM('student', 'mentor', 'staff', 'admin');
  CREATE TYPE "public"."enum_mentors_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__mentors_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_plans_code" AS ENUM('BEGINNER_TECHY', 'PLACEMENT_FOCUSED', 'QB_FREE', 'PLAN1');
  CREATE TYPE "public"."enum_plans_product" AS ENUM('mentorship', 'question-bank');
  CREATE TYPE "public"."enum_plans_currency" AS ENUM('INR');
  CREATE TYPE "public"."enum_plans_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__plans_v_version_code" AS ENUM('BEGINNER_TECHY', 'PLACEMENT_FOCUSED', 'QB_FREE', 'PLAN1');
  CREATE TYPE "public"."enum__plans_v_version_product" AS ENUM('mentorship', 'question-bank');
  CREATE TYPE "public"."enum__plans_v_version_currency" AS ENUM('INR');
  CREATE TYPE "public"."enum__plans_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_bookings_status" AS ENUM('confirmed', 'cancelled', 'completed');
  CREATE TYPE "public"."enum_bookings_source" AS ENUM('direct', 'waitlist');
  CREATE TYPE "public"."enum_waitlist_status" AS ENUM('waiting', 'assigned', 'removed');
  CREATE TYPE "public"."enum_payments_status" AS ENUM('created', 'completed', 'failed', 'refunded');
  CREATE TYPE "public"."enum_payments_gateway" AS ENUM('razorpay', 'sandbox');
  CREATE TYPE "public"."enum_refund_requests_reason" AS ENUM('I didn''t feel enough clarity or direction', 'I expected more interaction with the mentor', 'The session felt too fast / too slow', 'The mentor''s style didn''t match my learning preference', 'Timing didn''t work for me', 'Not ready to continue with the subscription', 'I plan to rejoin in the future', 'Other (please share below)');
  CREATE TYPE "public"."enum_refund_requests_status" AS ENUM('requested', 'approved', 'rejected', 'refunded');
  CREATE TYPE "public"."enum_faqs_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__faqs_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_testimonials_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__testimonials_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_pages_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__pages_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum_site_settings_status" AS ENUM('draft', 'published');
  CREATE TYPE "public"."enum__site_settings_v_version_status" AS ENUM('draft', 'published');
  CREATE TABLE "users_roles" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "enum_users_roles",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "users_sessions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"created_at" timestamp(3) with time zone,
  	"expires_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "users" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"phone" varchar,
  	"profile_image" varchar,
  	"password_login" boolean DEFAULT true,
  	"google_sub" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"email" varchar NOT NULL,
  	"reset_password_token" varchar,
  	"reset_password_expiration" timestamp(3) with time zone,
  	"salt" varchar,
  	"hash" varchar,
  	"reset_password_requested_at" timestamp(3) with time zone,
  	"login_attempts" numeric DEFAULT 0,
  	"lock_until" timestamp(3) with time zone
  );
  
  CREATE TABLE "mentors" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"email" varchar,
  	"user_id" integer,
  	"photo_id" integer,
  	"profession" varchar,
  	"company" varchar,
  	"skills" varchar,
  	"bio" varchar,
  	"capacity" numeric DEFAULT 15,
  	"display_order" numeric DEFAULT 100,
  	"accepting_bookings" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_mentors_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_mentors_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_name" varchar,
  	"version_email" varchar,
  	"version_user_id" integer,
  	"version_photo_id" integer,
  	"version_profession" varchar,
  	"version_company" varchar,
  	"version_skills" varchar,
  	"version_bio" varchar,
  	"version_capacity" numeric DEFAULT 15,
  	"version_display_order" numeric DEFAULT 100,
  	"version_accepting_bookings" boolean DEFAULT true,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__mentors_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "plans_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"value" varchar,
  	"available" boolean DEFAULT true
  );
  
  CREATE TABLE "plans" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" "enum_plans_code",
  	"product" "enum_plans_product",
  	"name" varchar,
  	"description" varchar,
  	"price" numeric,
  	"strike_price" numeric,
  	"currency" "enum_plans_currency" DEFAULT 'INR',
  	"duration_days" numeric DEFAULT 30,
  	"sessions_included" numeric DEFAULT 0,
  	"order" numeric DEFAULT 100,
  	"badge" varchar,
  	"active" boolean DEFAULT true,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_plans_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_plans_v_version_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"value" varchar,
  	"available" boolean DEFAULT true,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_plans_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_code" "enum__plans_v_version_code",
  	"version_product" "enum__plans_v_version_product",
  	"version_name" varchar,
  	"version_description" varchar,
  	"version_price" numeric,
  	"version_strike_price" numeric,
  	"version_currency" "enum__plans_v_version_currency" DEFAULT 'INR',
  	"version_duration_days" numeric DEFAULT 30,
  	"version_sessions_included" numeric DEFAULT 0,
  	"version_order" numeric DEFAULT 100,
  	"version_badge" varchar,
  	"version_active" boolean DEFAULT true,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__plans_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "bookings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"mentor_id" integer NOT NULL,
  	"status" "enum_bookings_status" DEFAULT 'confirmed' NOT NULL,
  	"source" "enum_bookings_source" DEFAULT 'direct' NOT NULL,
  	"time_slot" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "waitlist" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"mentor_id" integer NOT NULL,
  	"status" "enum_waitlist_status" DEFAULT 'waiting' NOT NULL,
  	"joined_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"plan_id" integer NOT NULL,
  	"mentor_id" integer,
  	"amount" numeric NOT NULL,
  	"currency" varchar DEFAULT 'INR' NOT NULL,
  	"status" "enum_payments_status" DEFAULT 'created' NOT NULL,
  	"gateway" "enum_payments_gateway" DEFAULT 'sandbox' NOT NULL,
  	"gateway_order_id" varchar NOT NULL,
  	"gateway_payment_id" varchar,
  	"subscription_starts" timestamp(3) with time zone,
  	"subscription_ends" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "refund_requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"payment_id" integer NOT NULL,
  	"reason" "enum_refund_requests_reason" NOT NULL,
  	"feedback" varchar,
  	"status" "enum_refund_requests_status" DEFAULT 'requested' NOT NULL,
  	"admin_note" varchar,
  	"gateway_refund_id" varchar,
  	"decided_by_id" integer,
  	"decided_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "faqs" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"question" varchar,
  	"answer" varchar,
  	"order" numeric DEFAULT 100,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_faqs_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_faqs_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_question" varchar,
  	"version_answer" varchar,
  	"version_order" numeric DEFAULT 100,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__faqs_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "testimonials" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"role" varchar,
  	"text" varchar,
  	"order" numeric DEFAULT 100,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_testimonials_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_testimonials_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_name" varchar,
  	"version_role" varchar,
  	"version_text" varchar,
  	"version_order" numeric DEFAULT 100,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__testimonials_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"slug" varchar,
  	"summary" varchar,
  	"content" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "enum_pages_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "_pages_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_summary" varchar,
  	"version_content" jsonb,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "enum__pages_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric,
  	"sizes_thumbnail_url" varchar,
  	"sizes_thumbnail_width" numeric,
  	"sizes_thumbnail_height" numeric,
  	"sizes_thumbnail_mime_type" varchar,
  	"sizes_thumbnail_filesize" numeric,
  	"sizes_thumbnail_filename" varchar,
  	"sizes_card_url" varchar,
  	"sizes_card_width" numeric,
  	"sizes_card_height" numeric,
  	"sizes_card_mime_type" varchar,
  	"sizes_card_filesize" numeric,
  	"sizes_card_filename" varchar
  );
  
  CREATE TABLE "newsletter_subscribers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_kv" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"data" jsonb NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"global_slug" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_locked_documents_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer,
  	"mentors_id" integer,
  	"plans_id" integer,
  	"bookings_id" integer,
  	"waitlist_id" integer,
  	"payments_id" integer,
  	"refund_requests_id" integer,
  	"faqs_id" integer,
  	"testimonials_id" integer,
  	"pages_id" integer,
  	"media_id" integer,
  	"newsletter_subscribers_id" integer
  );
  
  CREATE TABLE "payload_preferences" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar,
  	"value" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "payload_preferences_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"users_id" integer
  );
  
  CREATE TABLE "payload_migrations" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar,
  	"batch" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "site_settings_hero_stats" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"value" varchar,
  	"label" varchar
  );
  
  CREATE TABLE "site_settings_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"description" varchar
  );
  
  CREATE TABLE "site_settings_explainers_points" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "site_settings_explainers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar
  );
  
  CREATE TABLE "site_settings_footer_services" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"href" varchar
  );
  
  CREATE TABLE "site_settings_footer_information_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"href" varchar
  );
  
  CREATE TABLE "site_settings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"site_name" varchar DEFAULT 'MentorLoop',
  	"seo_title" varchar,
  	"seo_description" varchar,
  	"support_email" varchar,
  	"hero_headline" varchar,
  	"hero_subheadline" varchar,
  	"hero_refund_promise" varchar,
  	"mentors_section_heading" varchar,
  	"mentors_section_intro" varchar,
  	"about_heading" varchar,
  	"about_body" varchar,
  	"faq_section_heading" varchar,
  	"contact_heading" varchar,
  	"contact_body" varchar,
  	"booking_heading" varchar,
  	"booking_footnote" varchar,
  	"plans_section_heading" varchar,
  	"plans_section_banner" varchar,
  	"footer_tagline" varchar,
  	"footer_newsletter_heading" varchar,
  	"footer_socials_linkedin" varchar,
  	"footer_socials_facebook" varchar,
  	"footer_socials_twitter" varchar,
  	"footer_copyright_year" numeric DEFAULT 2025,
  	"footer_made_with" varchar DEFAULT 'Made with ♥ for engineering students',
  	"_status" "enum_site_settings_status" DEFAULT 'draft',
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  
  CREATE TABLE "_site_settings_v_version_hero_stats" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"value" varchar,
  	"label" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v_version_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"description" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v_version_explainers_points" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v_version_explainers" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v_version_footer_services" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"href" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v_version_footer_information_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"label" varchar,
  	"href" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "_site_settings_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"version_site_name" varchar DEFAULT 'MentorLoop',
  	"version_seo_title" varchar,
  	"version_seo_description" varchar,
  	"version_support_email" varchar,
  	"version_hero_headline" varchar,
  	"version_hero_subheadline" varchar,
  	"version_hero_refund_promise" varchar,
  	"version_mentors_section_heading" varchar,
  	"version_mentors_section_intro" varchar,
  	"version_about_heading" varchar,
  	"version_about_body" varchar,
  	"version_faq_section_heading" varchar,
  	"version_contact_heading" varchar,
  	"version_contact_body" varchar,
  	"version_booking_heading" varchar,
  	"version_booking_footnote" varchar,
  	"version_plans_section_heading" varchar,
  	"version_plans_section_banner" varchar,
  	"version_footer_tagline" varchar,
  	"version_footer_newsletter_heading" varchar,
  	"version_footer_socials_linkedin" varchar,
  	"version_footer_socials_facebook" varchar,
  	"version_footer_socials_twitter" varchar,
  	"version_footer_copyright_year" numeric DEFAULT 2025,
  	"version_footer_made_with" varchar DEFAULT 'Made with ♥ for engineering students',
  	"version__status" "enum__site_settings_v_version_status" DEFAULT 'draft',
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "users_sessions" ADD CONSTRAINT "users_sessions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "mentors" ADD CONSTRAINT "mentors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "mentors" ADD CONSTRAINT "mentors_photo_id_media_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_mentors_v" ADD CONSTRAINT "_mentors_v_parent_id_mentors_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_mentors_v" ADD CONSTRAINT "_mentors_v_version_user_id_users_id_fk" FOREIGN KEY ("version_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_mentors_v" ADD CONSTRAINT "_mentors_v_version_photo_id_media_id_fk" FOREIGN KEY ("version_photo_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "plans_features" ADD CONSTRAINT "plans_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_plans_v_version_features" ADD CONSTRAINT "_plans_v_version_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_plans_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_plans_v" ADD CONSTRAINT "_plans_v_parent_id_plans_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "bookings" ADD CONSTRAINT "bookings_mentor_id_mentors_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_mentor_id_mentors_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payments" ADD CONSTRAINT "payments_mentor_id_mentors_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_faqs_v" ADD CONSTRAINT "_faqs_v_parent_id_faqs_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."faqs"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_testimonials_v" ADD CONSTRAINT "_testimonials_v_parent_id_testimonials_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."testimonials"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_pages_v" ADD CONSTRAINT "_pages_v_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_locked_documents"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_mentors_fk" FOREIGN KEY ("mentors_id") REFERENCES "public"."mentors"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_plans_fk" FOREIGN KEY ("plans_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_bookings_fk" FOREIGN KEY ("bookings_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_waitlist_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_payments_fk" FOREIGN KEY ("payments_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_refund_requests_fk" FOREIGN KEY ("refund_requests_id") REFERENCES "public"."refund_requests"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_faqs_fk" FOREIGN KEY ("faqs_id") REFERENCES "public"."faqs"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_testimonials_fk" FOREIGN KEY ("testimonials_id") REFERENCES "public"."testimonials"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_newsletter_subscribers_fk" FOREIGN KEY ("newsletter_subscribers_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."payload_preferences"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_preferences_rels" ADD CONSTRAINT "payload_preferences_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_hero_stats" ADD CONSTRAINT "site_settings_hero_stats_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_features" ADD CONSTRAINT "site_settings_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_explainers_points" ADD CONSTRAINT "site_settings_explainers_points_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings_explainers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_explainers" ADD CONSTRAINT "site_settings_explainers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_footer_services" ADD CONSTRAINT "site_settings_footer_services_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings_footer_information_links" ADD CONSTRAINT "site_settings_footer_information_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_hero_stats" ADD CONSTRAINT "_site_settings_v_version_hero_stats_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_features" ADD CONSTRAINT "_site_settings_v_version_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_explainers_points" ADD CONSTRAINT "_site_settings_v_version_explainers_points_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v_version_explainers"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_explainers" ADD CONSTRAINT "_site_settings_v_version_explainers_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_footer_services" ADD CONSTRAINT "_site_settings_v_version_footer_services_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "_site_settings_v_version_footer_information_links" ADD CONSTRAINT "_site_settings_v_version_footer_information_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."_site_settings_v"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "users_roles_order_idx" ON "users_roles" USING btree ("order");
  CREATE INDEX "users_roles_parent_idx" ON "users_roles" USING btree ("parent_id");
  CREATE INDEX "users_roles_value_idx" ON "users_roles" USING btree ("value");
  CREATE INDEX "users_sessions_order_idx" ON "users_sessions" USING btree ("_order");
  CREATE INDEX "users_sessions_parent_id_idx" ON "users_sessions" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "users_google_sub_idx" ON "users" USING btree ("google_sub");
  CREATE INDEX "users_updated_at_idx" ON "users" USING btree ("updated_at");
  CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
  CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");
  CREATE UNIQUE INDEX "mentors_email_idx" ON "mentors" USING btree ("email");
  CREATE UNIQUE INDEX "mentors_user_idx" ON "mentors" USING btree ("user_id");
  CREATE INDEX "mentors_photo_idx" ON "mentors" USING btree ("photo_id");
  CREATE INDEX "mentors_display_order_idx" ON "mentors" USING btree ("display_order");
  CREATE INDEX "mentors_updated_at_idx" ON "mentors" USING btree ("updated_at");
  CREATE INDEX "mentors_created_at_idx" ON "mentors" USING btree ("created_at");
  CREATE INDEX "mentors__status_idx" ON "mentors" USING btree ("_status");
  CREATE INDEX "_mentors_v_parent_idx" ON "_mentors_v" USING btree ("parent_id");
  CREATE INDEX "_mentors_v_version_version_email_idx" ON "_mentors_v" USING btree ("version_email");
  CREATE INDEX "_mentors_v_version_version_user_idx" ON "_mentors_v" USING btree ("version_user_id");
  CREATE INDEX "_mentors_v_version_version_photo_idx" ON "_mentors_v" USING btree ("version_photo_id");
  CREATE INDEX "_mentors_v_version_version_display_order_idx" ON "_mentors_v" USING btree ("version_display_order");
  CREATE INDEX "_mentors_v_version_version_updated_at_idx" ON "_mentors_v" USING btree ("version_updated_at");
  CREATE INDEX "_mentors_v_version_version_created_at_idx" ON "_mentors_v" USING btree ("version_created_at");
  CREATE INDEX "_mentors_v_version_version__status_idx" ON "_mentors_v" USING btree ("version__status");
  CREATE INDEX "_mentors_v_created_at_idx" ON "_mentors_v" USING btree ("created_at");
  CREATE INDEX "_mentors_v_updated_at_idx" ON "_mentors_v" USING btree ("updated_at");
  CREATE INDEX "_mentors_v_latest_idx" ON "_mentors_v" USING btree ("latest");
  CREATE INDEX "plans_features_order_idx" ON "plans_features" USING btree ("_order");
  CREATE INDEX "plans_features_parent_id_idx" ON "plans_features" USING btree ("_parent_id");
  CREATE UNIQUE INDEX "plans_code_idx" ON "plans" USING btree ("code");
  CREATE INDEX "plans_product_idx" ON "plans" USING btree ("product");
  CREATE INDEX "plans_order_idx" ON "plans" USING btree ("order");
  CREATE INDEX "plans_active_idx" ON "plans" USING btree ("active");
  CREATE INDEX "plans_updated_at_idx" ON "plans" USING btree ("updated_at");
  CREATE INDEX "plans_created_at_idx" ON "plans" USING btree ("created_at");
  CREATE INDEX "plans__status_idx" ON "plans" USING btree ("_status");
  CREATE INDEX "_plans_v_version_features_order_idx" ON "_plans_v_version_features" USING btree ("_order");
  CREATE INDEX "_plans_v_version_features_parent_id_idx" ON "_plans_v_version_features" USING btree ("_parent_id");
  CREATE INDEX "_plans_v_parent_idx" ON "_plans_v" USING btree ("parent_id");
  CREATE INDEX "_plans_v_version_version_code_idx" ON "_plans_v" USING btree ("version_code");
  CREATE INDEX "_plans_v_version_version_product_idx" ON "_plans_v" USING btree ("version_product");
  CREATE INDEX "_plans_v_version_version_order_idx" ON "_plans_v" USING btree ("version_order");
  CREATE INDEX "_plans_v_version_version_active_idx" ON "_plans_v" USING btree ("version_active");
  CREATE INDEX "_plans_v_version_version_updated_at_idx" ON "_plans_v" USING btree ("version_updated_at");
  CREATE INDEX "_plans_v_version_version_created_at_idx" ON "_plans_v" USING btree ("version_created_at");
  CREATE INDEX "_plans_v_version_version__status_idx" ON "_plans_v" USING btree ("version__status");
  CREATE INDEX "_plans_v_created_at_idx" ON "_plans_v" USING btree ("created_at");
  CREATE INDEX "_plans_v_updated_at_idx" ON "_plans_v" USING btree ("updated_at");
  CREATE INDEX "_plans_v_latest_idx" ON "_plans_v" USING btree ("latest");
  CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");
  CREATE INDEX "bookings_mentor_idx" ON "bookings" USING btree ("mentor_id");
  CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status");
  CREATE INDEX "bookings_updated_at_idx" ON "bookings" USING btree ("updated_at");
  CREATE INDEX "bookings_created_at_idx" ON "bookings" USING btree ("created_at");
  CREATE UNIQUE INDEX "bookings_one_confirmed_per_user" ON "bookings" USING btree ("user_id") WHERE status = 'confirmed';
  CREATE INDEX "waitlist_user_idx" ON "waitlist" USING btree ("user_id");
  CREATE INDEX "waitlist_mentor_idx" ON "waitlist" USING btree ("mentor_id");
  CREATE INDEX "waitlist_status_idx" ON "waitlist" USING btree ("status");
  CREATE INDEX "waitlist_joined_at_idx" ON "waitlist" USING btree ("joined_at");
  CREATE INDEX "waitlist_updated_at_idx" ON "waitlist" USING btree ("updated_at");
  CREATE INDEX "waitlist_created_at_idx" ON "waitlist" USING btree ("created_at");
  CREATE UNIQUE INDEX "waitlist_one_waiting_per_user_mentor" ON "waitlist" USING btree ("user_id","mentor_id") WHERE status = 'waiting';
  CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");
  CREATE INDEX "payments_plan_idx" ON "payments" USING btree ("plan_id");
  CREATE INDEX "payments_mentor_idx" ON "payments" USING btree ("mentor_id");
  CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");
  CREATE UNIQUE INDEX "payments_gateway_order_id_idx" ON "payments" USING btree ("gateway_order_id");
  CREATE UNIQUE INDEX "payments_gateway_payment_id_idx" ON "payments" USING btree ("gateway_payment_id");
  CREATE INDEX "payments_subscription_starts_idx" ON "payments" USING btree ("subscription_starts");
  CREATE INDEX "payments_subscription_ends_idx" ON "payments" USING btree ("subscription_ends");
  CREATE INDEX "payments_updated_at_idx" ON "payments" USING btree ("updated_at");
  CREATE INDEX "payments_created_at_idx" ON "payments" USING btree ("created_at");
  CREATE INDEX "refund_requests_user_idx" ON "refund_requests" USING btree ("user_id");
  CREATE INDEX "refund_requests_payment_idx" ON "refund_requests" USING btree ("payment_id");
  CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status");
  CREATE UNIQUE INDEX "refund_requests_gateway_refund_id_idx" ON "refund_requests" USING btree ("gateway_refund_id");
  CREATE INDEX "refund_requests_decided_by_idx" ON "refund_requests" USING btree ("decided_by_id");
  CREATE INDEX "refund_requests_updated_at_idx" ON "refund_requests" USING btree ("updated_at");
  CREATE INDEX "refund_requests_created_at_idx" ON "refund_requests" USING btree ("created_at");
  CREATE INDEX "faqs_order_idx" ON "faqs" USING btree ("order");
  CREATE INDEX "faqs_updated_at_idx" ON "faqs" USING btree ("updated_at");
  CREATE INDEX "faqs_created_at_idx" ON "faqs" USING btree ("created_at");
  CREATE INDEX "faqs__status_idx" ON "faqs" USING btree ("_status");
  CREATE INDEX "_faqs_v_parent_idx" ON "_faqs_v" USING btree ("parent_id");
  CREATE INDEX "_faqs_v_version_version_order_idx" ON "_faqs_v" USING btree ("version_order");
  CREATE INDEX "_faqs_v_version_version_updated_at_idx" ON "_faqs_v" USING btree ("version_updated_at");
  CREATE INDEX "_faqs_v_version_version_created_at_idx" ON "_faqs_v" USING btree ("version_created_at");
  CREATE INDEX "_faqs_v_version_version__status_idx" ON "_faqs_v" USING btree ("version__status");
  CREATE INDEX "_faqs_v_created_at_idx" ON "_faqs_v" USING btree ("created_at");
  CREATE INDEX "_faqs_v_updated_at_idx" ON "_faqs_v" USING btree ("updated_at");
  CREATE INDEX "_faqs_v_latest_idx" ON "_faqs_v" USING btree ("latest");
  CREATE INDEX "testimonials_order_idx" ON "testimonials" USING btree ("order");
  CREATE INDEX "testimonials_updated_at_idx" ON "testimonials" USING btree ("updated_at");
  CREATE INDEX "testimonials_created_at_idx" ON "testimonials" USING btree ("created_at");
  CREATE INDEX "testimonials__status_idx" ON "testimonials" USING btree ("_status");
  CREATE INDEX "_testimonials_v_parent_idx" ON "_testimonials_v" USING btree ("parent_id");
  CREATE INDEX "_testimonials_v_version_version_order_idx" ON "_testimonials_v" USING btree ("version_order");
  CREATE INDEX "_testimonials_v_version_version_updated_at_idx" ON "_testimonials_v" USING btree ("version_updated_at");
  CREATE INDEX "_testimonials_v_version_version_created_at_idx" ON "_testimonials_v" USING btree ("version_created_at");
  CREATE INDEX "_testimonials_v_version_version__status_idx" ON "_testimonials_v" USING btree ("version__status");
  CREATE INDEX "_testimonials_v_created_at_idx" ON "_testimonials_v" USING btree ("created_at");
  CREATE INDEX "_testimonials_v_updated_at_idx" ON "_testimonials_v" USING btree ("updated_at");
  CREATE INDEX "_testimonials_v_latest_idx" ON "_testimonials_v" USING btree ("latest");
  CREATE UNIQUE INDEX "pages_slug_idx" ON "pages" USING btree ("slug");
  CREATE INDEX "pages_updated_at_idx" ON "pages" USING btree ("updated_at");
  CREATE INDEX "pages_created_at_idx" ON "pages" USING btree ("created_at");
  CREATE INDEX "pages__status_idx" ON "pages" USING btree ("_status");
  CREATE INDEX "_pages_v_parent_idx" ON "_pages_v" USING btree ("parent_id");
  CREATE INDEX "_pages_v_version_version_slug_idx" ON "_pages_v" USING btree ("version_slug");
  CREATE INDEX "_pages_v_version_version_updated_at_idx" ON "_pages_v" USING btree ("version_updated_at");
  CREATE INDEX "_pages_v_version_version_created_at_idx" ON "_pages_v" USING btree ("version_created_at");
  CREATE INDEX "_pages_v_version_version__status_idx" ON "_pages_v" USING btree ("version__status");
  CREATE INDEX "_pages_v_created_at_idx" ON "_pages_v" USING btree ("created_at");
  CREATE INDEX "_pages_v_updated_at_idx" ON "_pages_v" USING btree ("updated_at");
  CREATE INDEX "_pages_v_latest_idx" ON "_pages_v" USING btree ("latest");
  CREATE INDEX "media_updated_at_idx" ON "media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "media" USING btree ("filename");
  CREATE INDEX "media_sizes_thumbnail_sizes_thumbnail_filename_idx" ON "media" USING btree ("sizes_thumbnail_filename");
  CREATE INDEX "media_sizes_card_sizes_card_filename_idx" ON "media" USING btree ("sizes_card_filename");
  CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");
  CREATE INDEX "newsletter_subscribers_updated_at_idx" ON "newsletter_subscribers" USING btree ("updated_at");
  CREATE INDEX "newsletter_subscribers_created_at_idx" ON "newsletter_subscribers" USING btree ("created_at");
  CREATE UNIQUE INDEX "payload_kv_key_idx" ON "payload_kv" USING btree ("key");
  CREATE INDEX "payload_locked_documents_global_slug_idx" ON "payload_locked_documents" USING btree ("global_slug");
  CREATE INDEX "payload_locked_documents_updated_at_idx" ON "payload_locked_documents" USING btree ("updated_at");
  CREATE INDEX "payload_locked_documents_created_at_idx" ON "payload_locked_documents" USING btree ("created_at");
  CREATE INDEX "payload_locked_documents_rels_order_idx" ON "payload_locked_documents_rels" USING btree ("order");
  CREATE INDEX "payload_locked_documents_rels_parent_idx" ON "payload_locked_documents_rels" USING btree ("parent_id");
  CREATE INDEX "payload_locked_documents_rels_path_idx" ON "payload_locked_documents_rels" USING btree ("path");
  CREATE INDEX "payload_locked_documents_rels_users_id_idx" ON "payload_locked_documents_rels" USING btree ("users_id");
  CREATE INDEX "payload_locked_documents_rels_mentors_id_idx" ON "payload_locked_documents_rels" USING btree ("mentors_id");
  CREATE INDEX "payload_locked_documents_rels_plans_id_idx" ON "payload_locked_documents_rels" USING btree ("plans_id");
  CREATE INDEX "payload_locked_documents_rels_bookings_id_idx" ON "payload_locked_documents_rels" USING btree ("bookings_id");
  CREATE INDEX "payload_locked_documents_rels_waitlist_id_idx" ON "payload_locked_documents_rels" USING btree ("waitlist_id");
  CREATE INDEX "payload_locked_documents_rels_payments_id_idx" ON "payload_locked_documents_rels" USING btree ("payments_id");
  CREATE INDEX "payload_locked_documents_rels_refund_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("refund_requests_id");
  CREATE INDEX "payload_locked_documents_rels_faqs_id_idx" ON "payload_locked_documents_rels" USING btree ("faqs_id");
  CREATE INDEX "payload_locked_documents_rels_testimonials_id_idx" ON "payload_locked_documents_rels" USING btree ("testimonials_id");
  CREATE INDEX "payload_locked_documents_rels_pages_id_idx" ON "payload_locked_documents_rels" USING btree ("pages_id");
  CREATE INDEX "payload_locked_documents_rels_media_id_idx" ON "payload_locked_documents_rels" USING btree ("media_id");
  CREATE INDEX "payload_locked_documents_rels_newsletter_subscribers_id_idx" ON "payload_locked_documents_rels" USING btree ("newsletter_subscribers_id");
  CREATE INDEX "payload_preferences_key_idx" ON "payload_preferences" USING btree ("key");
  CREATE INDEX "payload_preferences_updated_at_idx" ON "payload_preferences" USING btree ("updated_at");
  CREATE INDEX "payload_preferences_created_at_idx" ON "payload_preferences" USING btree ("created_at");
  CREATE INDEX "payload_preferences_rels_order_idx" ON "payload_preferences_rels" USING btree ("order");
  CREATE INDEX "payload_preferences_rels_parent_idx" ON "payload_preferences_rels" USING btree ("parent_id");
  CREATE INDEX "payload_preferences_rels_path_idx" ON "payload_preferences_rels" USING btree ("path");
  CREATE INDEX "payload_preferences_rels_users_id_idx" ON "payload_preferences_rels" USING btree ("users_id");
  CREATE INDEX "payload_migrations_updated_at_idx" ON "payload_migrations" USING btree ("updated_at");
  CREATE INDEX "payload_migrations_created_at_idx" ON "payload_migrations" USING btree ("created_at");
  CREATE INDEX "site_settings_hero_stats_order_idx" ON "site_settings_hero_stats" USING btree ("_order");
  CREATE INDEX "site_settings_hero_stats_parent_id_idx" ON "site_settings_hero_stats" USING btree ("_parent_id");
  CREATE INDEX "site_settings_features_order_idx" ON "site_settings_features" USING btree ("_order");
  CREATE INDEX "site_settings_features_parent_id_idx" ON "site_settings_features" USING btree ("_parent_id");
  CREATE INDEX "site_settings_explainers_points_order_idx" ON "site_settings_explainers_points" USING btree ("_order");
  CREATE INDEX "site_settings_explainers_points_parent_id_idx" ON "site_settings_explainers_points" USING btree ("_parent_id");
  CREATE INDEX "site_settings_explainers_order_idx" ON "site_settings_explainers" USING btree ("_order");
  CREATE INDEX "site_settings_explainers_parent_id_idx" ON "site_settings_explainers" USING btree ("_parent_id");
  CREATE INDEX "site_settings_footer_services_order_idx" ON "site_settings_footer_services" USING btree ("_order");
  CREATE INDEX "site_settings_footer_services_parent_id_idx" ON "site_settings_footer_services" USING btree ("_parent_id");
  CREATE INDEX "site_settings_footer_information_links_order_idx" ON "site_settings_footer_information_links" USING btree ("_order");
  CREATE INDEX "site_settings_footer_information_links_parent_id_idx" ON "site_settings_footer_information_links" USING btree ("_parent_id");
  CREATE INDEX "site_settings__status_idx" ON "site_settings" USING btree ("_status");
  CREATE INDEX "_site_settings_v_version_hero_stats_order_idx" ON "_site_settings_v_version_hero_stats" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_hero_stats_parent_id_idx" ON "_site_settings_v_version_hero_stats" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_features_order_idx" ON "_site_settings_v_version_features" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_features_parent_id_idx" ON "_site_settings_v_version_features" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_explainers_points_order_idx" ON "_site_settings_v_version_explainers_points" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_explainers_points_parent_id_idx" ON "_site_settings_v_version_explainers_points" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_explainers_order_idx" ON "_site_settings_v_version_explainers" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_explainers_parent_id_idx" ON "_site_settings_v_version_explainers" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_footer_services_order_idx" ON "_site_settings_v_version_footer_services" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_footer_services_parent_id_idx" ON "_site_settings_v_version_footer_services" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_footer_information_links_order_idx" ON "_site_settings_v_version_footer_information_links" USING btree ("_order");
  CREATE INDEX "_site_settings_v_version_footer_information_links_parent_id_idx" ON "_site_settings_v_version_footer_information_links" USING btree ("_parent_id");
  CREATE INDEX "_site_settings_v_version_version__status_idx" ON "_site_settings_v" USING btree ("version__status");
  CREATE INDEX "_site_settings_v_created_at_idx" ON "_site_settings_v" USING btree ("created_at");
  CREATE INDEX "_site_settings_v_updated_at_idx" ON "_site_settings_v" USING btree ("updated_at");
  CREATE INDEX "_site_settings_v_latest_idx" ON "_site_settings_v" USING btree ("latest");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP TABLE "users_roles" CASCADE;
  DROP TABLE "users_sessions" CASCADE;
  DROP TABLE "users" CASCADE;
  DROP TABLE "mentors" CASCADE;
  DROP TABLE "_mentors_v" CASCADE;
  DROP TABLE "plans_features" CASCADE;
  DROP TABLE "plans" CASCADE;
  DROP TABLE "_plans_v_version_features" CASCADE;
  DROP TABLE "_plans_v" CASCADE;
  DROP TABLE "bookings" CASCADE;
  DROP TABLE "waitlist" CASCADE;
  DROP TABLE "payments" CASCADE;
  DROP TABLE "refund_requests" CASCADE;
  DROP TABLE "faqs" CASCADE;
  DROP TABLE "_faqs_v" CASCADE;
  DROP TABLE "testimonials" CASCADE;
  DROP TABLE "_testimonials_v" CASCADE;
  DROP TABLE "pages" CASCADE;
  DROP TABLE "_pages_v" CASCADE;
  DROP TABLE "media" CASCADE;
  DROP TABLE "newsletter_subscribers" CASCADE;
  DROP TABLE "payload_kv" CASCADE;
  DROP TABLE "payload_locked_documents" CASCADE;
  DROP TABLE "payload_locked_documents_rels" CASCADE;
  DROP TABLE "payload_preferences" CASCADE;
  DROP TABLE "payload_preferences_rels" CASCADE;
  DROP TABLE "payload_migrations" CASCADE;
  DROP TABLE "site_settings_hero_stats" CASCADE;
  DROP TABLE "site_settings_features" CASCADE;
  DROP TABLE "site_settings_explainers_points" CASCADE;
  DROP TABLE "site_settings_explainers" CASCADE;
  DROP TABLE "site_settings_footer_services" CASCADE;
  DROP TABLE "site_settings_footer_information_links" CASCADE;
  DROP TABLE "site_settings" CASCADE;
  DROP TABLE "_site_settings_v_version_hero_stats" CASCADE;
  DROP TABLE "_site_settings_v_version_features" CASCADE;
  DROP TABLE "_site_settings_v_version_explainers_points" CASCADE;
  DROP TABLE "_site_settings_v_version_explainers" CASCADE;
  DROP TABLE "_site_settings_v_version_footer_services" CASCADE;
  DROP TABLE "_site_settings_v_version_footer_information_links" CASCADE;
  DROP TABLE "_site_settings_v" CASCADE;
  DROP TYPE "public"."enum_users_roles";
  DROP TYPE "public"."enum_mentors_status";
  DROP TYPE "public"."enum__mentors_v_version_status";
  DROP TYPE "public"."enum_plans_code";
  DROP TYPE "public"."enum_plans_product";
  DROP TYPE "public"."enum_plans_currency";
  DROP TYPE "public"."enum_plans_status";
  DROP TYPE "public"."enum__plans_v_version_code";
  DROP TYPE "public"."enum__plans_v_version_product";
  DROP TYPE "public"."enum__plans_v_version_currency";
  DROP TYPE "public"."enum__plans_v_version_status";
  DROP TYPE "public"."enum_bookings_status";
  DROP TYPE "public"."enum_bookings_source";
  DROP TYPE "public"."enum_waitlist_status";
  DROP TYPE "public"."enum_payments_status";
  DROP TYPE "public"."enum_payments_gateway";
  DROP TYPE "public"."enum_refund_requests_reason";
  DROP TYPE "public"."enum_refund_requests_status";
  DROP TYPE "public"."enum_faqs_status";
  DROP TYPE "public"."enum__faqs_v_version_status";
  DROP TYPE "public"."enum_testimonials_status";
  DROP TYPE "public"."enum__testimonials_v_version_status";
  DROP TYPE "public"."enum_pages_status";
  DROP TYPE "public"."enum__pages_v_version_status";
  DROP TYPE "public"."enum_site_settings_status";
  DROP TYPE "public"."enum__site_settings_v_version_status";`)
}
