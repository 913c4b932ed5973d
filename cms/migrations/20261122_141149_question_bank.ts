import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_questions_topic" AS ENUM('Quantitative Aptitude', 'Logical Reasoning', 'Verbal Ability', 'Data Structures', 'Algorithms', 'DBMS', 'Operating Systems', 'Computer Networks', 'OOP', 'SQL');
  CREATE TABLE "questions" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"exam" varchar NOT NULL,
  	"year" numeric NOT NULL,
  	"topic" "enum_questions_topic" NOT NULL,
  	"question" varchar NOT NULL,
  	"solution" varchar NOT NULL,
  	"video_url" varchar,
  	"toppers_solution" varchar,
  	"in_free_sample" boolean DEFAULT false,
  	"order" numeric DEFAULT 1000,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "plans" ADD COLUMN "question_bank_question_limit" numeric DEFAULT 5;
  ALTER TABLE "plans" ADD COLUMN "question_bank_topic_wise" boolean DEFAULT false;
  ALTER TABLE "plans" ADD COLUMN "question_bank_video_solutions" boolean DEFAULT false;
  ALTER TABLE "plans" ADD COLUMN "question_bank_toppers_solutions" boolean DEFAULT false;
  ALTER TABLE "_plans_v" ADD COLUMN "version_question_bank_question_limit" numeric DEFAULT 5;
  ALTER TABLE "_plans_v" ADD COLUMN "version_question_bank_topic_wise" boolean DEFAULT false;
  ALTER TABLE "_plans_v" ADD COLUMN "version_question_bank_video_solutions" boolean DEFAULT false;
  ALTER TABLE "_plans_v" ADD COLUMN "version_question_bank_toppers_solutions" boolean DEFAULT false;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "questions_id" integer;
  CREATE INDEX "questions_exam_idx" ON "questions" USING btree ("exam");
  CREATE INDEX "questions_topic_idx" ON "questions" USING btree ("topic");
  CREATE INDEX "questions_in_free_sample_idx" ON "questions" USING btree ("in_free_sample");
  CREATE INDEX "questions_order_idx" ON "questions" USING btree ("order");
  CREATE INDEX "questions_updated_at_idx" ON "questions" USING btree ("updated_at");
  CREATE INDEX "questions_created_at_idx" ON "questions" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_questions_fk" FOREIGN KEY ("questions_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_questions_id_idx" ON "payload_locked_documents_rels" USING btree ("questions_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "questions" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "questions" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_questions_fk";
  
  DROP INDEX "payload_locked_documents_rels_questions_id_idx";
  ALTER TABLE "plans" DROP COLUMN "question_bank_question_limit";
  ALTER TABLE "plans" DROP COLUMN "question_bank_topic_wise";
  ALTER TABLE "plans" DROP COLUMN "question_bank_video_solutions";
  ALTER TABLE "plans" DROP COLUMN "question_bank_toppers_solutions";
  ALTER TABLE "_plans_v" DROP COLUMN "version_question_bank_question_limit";
  ALTER TABLE "_plans_v" DROP COLUMN "version_question_bank_topic_wise";
  ALTER TABLE "_plans_v" DROP COLUMN "version_question_bank_video_solutions";
  ALTER TABLE "_plans_v" DROP COLUMN "version_question_bank_toppers_solutions";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "questions_id";
  DROP TYPE "public"."enum_questions_topic";`)
}
