import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_practice_answers_topic" AS ENUM('Quantitative Aptitude', 'Logical Reasoning', 'Verbal Ability', 'Data Structures', 'Algorithms', 'DBMS', 'Operating Systems', 'Computer Networks', 'OOP', 'SQL');
  CREATE TABLE "questions_options" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"text" varchar NOT NULL
  );
  
  CREATE TABLE "practice_answers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"user_id" integer NOT NULL,
  	"question_id" integer NOT NULL,
  	"topic" "enum_practice_answers_topic" NOT NULL,
  	"chosen_option" numeric NOT NULL,
  	"correct" boolean DEFAULT false NOT NULL,
  	"answered_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "mentors" ADD COLUMN "linkedin" varchar;
  ALTER TABLE "_mentors_v" ADD COLUMN "version_linkedin" varchar;
  ALTER TABLE "questions" ADD COLUMN "correct_option" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "practice_answers_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "plans_section_banner_ends_at" timestamp(3) with time zone;
  ALTER TABLE "site_settings" ADD COLUMN "business_legal_name" varchar DEFAULT 'MentorLoop';
  ALTER TABLE "site_settings" ADD COLUMN "business_address" varchar DEFAULT 'Bengaluru, Karnataka, India';
  ALTER TABLE "site_settings" ADD COLUMN "business_gstin" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_plans_section_banner_ends_at" timestamp(3) with time zone;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_business_legal_name" varchar DEFAULT 'MentorLoop';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_business_address" varchar DEFAULT 'Bengaluru, Karnataka, India';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_business_gstin" varchar;
  ALTER TABLE "questions_options" ADD CONSTRAINT "questions_options_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "practice_answers" ADD CONSTRAINT "practice_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "questions_options_order_idx" ON "questions_options" USING btree ("_order");
  CREATE INDEX "questions_options_parent_id_idx" ON "questions_options" USING btree ("_parent_id");
  CREATE INDEX "practice_answers_user_idx" ON "practice_answers" USING btree ("user_id");
  CREATE INDEX "practice_answers_question_idx" ON "practice_answers" USING btree ("question_id");
  CREATE INDEX "practice_answers_topic_idx" ON "practice_answers" USING btree ("topic");
  CREATE INDEX "practice_answers_updated_at_idx" ON "practice_answers" USING btree ("updated_at");
  CREATE INDEX "practice_answers_created_at_idx" ON "practice_answers" USING btree ("created_at");
  CREATE UNIQUE INDEX "user_question_idx" ON "practice_answers" USING btree ("user_id","question_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_practice_answers_fk" FOREIGN KEY ("practice_answers_id") REFERENCES "public"."practice_answers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_practice_answers_id_idx" ON "payload_locked_documents_rels" USING btree ("practice_answers_id");
  ALTER TABLE "site_settings" DROP COLUMN "footer_copyright_year";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_footer_copyright_year";`)
}

// Down: the tables' CASCADE drops already take the locked-documents foreign key and index with
// them, hence IF EXISTS (the generated statements would fail).
export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "questions_options" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "practice_answers" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "questions_options" CASCADE;
  DROP TABLE "practice_answers" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_practice_answers_fk";
  
  DROP INDEX IF EXISTS "payload_locked_documents_rels_practice_answers_id_idx";
  ALTER TABLE "site_settings" ADD COLUMN "footer_copyright_year" numeric DEFAULT 2025;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_footer_copyright_year" numeric DEFAULT 2025;
  ALTER TABLE "mentors" DROP COLUMN "linkedin";
  ALTER TABLE "_mentors_v" DROP COLUMN "version_linkedin";
  ALTER TABLE "questions" DROP COLUMN "correct_option";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "practice_answers_id";
  ALTER TABLE "site_settings" DROP COLUMN "plans_section_banner_ends_at";
  ALTER TABLE "site_settings" DROP COLUMN "business_legal_name";
  ALTER TABLE "site_settings" DROP COLUMN "business_address";
  ALTER TABLE "site_settings" DROP COLUMN "business_gstin";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_plans_section_banner_ends_at";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_business_legal_name";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_business_address";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_business_gstin";
  DROP TYPE "public"."enum_practice_answers_topic";`)
}
