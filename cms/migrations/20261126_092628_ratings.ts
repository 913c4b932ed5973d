import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Ratings (issue 21, docs/decisions/108). Generated, then hand-written at the end: each mentor's
 * rating totals (kept by every rating's write in its transaction, read by the cards by primary
 * key), the ledger of "rate your mentor" e-mails (one per student and batch), the range of stars
 * and the comment's length in the database too, and the seeded hero's two rating stats marked
 * as the figures real ratings replace.
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_ratings_college_year" AS ENUM('1st year', '2nd year', '3rd year', '4th year', '5th year', 'Graduate');
  CREATE TYPE "public"."enum_site_settings_hero_stats_figure" AS ENUM('text', 'averageRating', 'satisfaction');
  CREATE TYPE "public"."enum__site_settings_v_version_hero_stats_figure" AS ENUM('text', 'averageRating', 'satisfaction');
  CREATE TABLE "ratings" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"batch_id" integer NOT NULL,
  	"mentor_id" integer NOT NULL,
  	"stars" numeric NOT NULL,
  	"comment" varchar,
  	"show_comment" boolean DEFAULT false,
  	"college_year" "enum_ratings_college_year",
  	"hidden" boolean DEFAULT false,
  	"hidden_reason" varchar,
  	"hidden_by_id" integer,
  	"hidden_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "ratings_id" integer;
  ALTER TABLE "site_settings_hero_stats" ADD COLUMN "figure" "enum_site_settings_hero_stats_figure" DEFAULT 'text';
  ALTER TABLE "_site_settings_v_version_hero_stats" ADD COLUMN "figure" "enum__site_settings_v_version_hero_stats_figure" DEFAULT 'text';
  ALTER TABLE "ratings" ADD CONSTRAINT "ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ratings" ADD CONSTRAINT "ratings_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ratings" ADD CONSTRAINT "ratings_mentor_id_mentors_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "ratings" ADD CONSTRAINT "ratings_hidden_by_id_users_id_fk" FOREIGN KEY ("hidden_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "ratings_user_idx" ON "ratings" USING btree ("user_id");
  CREATE INDEX "ratings_batch_idx" ON "ratings" USING btree ("batch_id");
  CREATE INDEX "ratings_mentor_idx" ON "ratings" USING btree ("mentor_id");
  CREATE INDEX "ratings_hidden_by_idx" ON "ratings" USING btree ("hidden_by_id");
  CREATE INDEX "ratings_updated_at_idx" ON "ratings" USING btree ("updated_at");
  CREATE INDEX "ratings_created_at_idx" ON "ratings" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_batch_idx" ON "ratings" USING btree ("user_id","batch_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_ratings_fk" FOREIGN KEY ("ratings_id") REFERENCES "public"."ratings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_ratings_id_idx" ON "payload_locked_documents_rels" USING btree ("ratings_id");`)
  await db.execute(sql`
  ALTER TABLE "ratings" ADD CONSTRAINT "ratings_stars_range" CHECK ("stars" IN (1, 2, 3, 4, 5));
  ALTER TABLE "ratings" ADD CONSTRAINT "ratings_comment_length" CHECK ("comment" IS NULL OR char_length("comment") <= 500);
  CREATE TABLE "mentor_rating_totals" (
    "mentor_id" integer PRIMARY KEY REFERENCES "public"."mentors"("id") ON DELETE CASCADE,
    "rating_count" integer NOT NULL DEFAULT 0,
    "rating_sum" integer NOT NULL DEFAULT 0,
    "rating_high" integer NOT NULL DEFAULT 0
  );
  CREATE TABLE "rating_asks" (
    "batch_id" integer NOT NULL REFERENCES "public"."batches"("id") ON DELETE CASCADE,
    "user_id" integer NOT NULL REFERENCES "public"."users"("id") ON DELETE CASCADE,
    "asked_at" timestamp(3) with time zone NOT NULL,
    PRIMARY KEY ("batch_id", "user_id")
  );
  UPDATE "site_settings_hero_stats" SET "figure" = 'averageRating' WHERE lower("label") LIKE '%rating%';
  UPDATE "site_settings_hero_stats" SET "figure" = 'satisfaction' WHERE lower("label") LIKE '%satisfaction%';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "rating_asks";
  DROP TABLE IF EXISTS "mentor_rating_totals";
  ALTER TABLE "ratings" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "ratings" CASCADE;
  -- The table's CASCADE above already dropped this foreign key (drizzle-kit writes it after it).
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_ratings_fk";
  DROP INDEX IF EXISTS "payload_locked_documents_rels_ratings_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "ratings_id";
  ALTER TABLE "site_settings_hero_stats" DROP COLUMN "figure";
  ALTER TABLE "_site_settings_v_version_hero_stats" DROP COLUMN "figure";
  DROP TYPE "public"."enum_ratings_college_year";
  DROP TYPE "public"."enum_site_settings_hero_stats_figure";
  DROP TYPE "public"."enum__site_settings_v_version_hero_stats_figure";`)
}
