import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 35 (docs/decisions/200): mentor applications. Expand only: a new table, its status type,
 * its indexes (one open application per e-mail, a partial unique index) and the column Payload's
 * document locks keep for it. The down step removes them again.
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_mentor_applications_status" AS ENUM('submitted', 'under-review', 'accepted', 'declined');
  CREATE TABLE "mentor_applications" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"email" varchar NOT NULL,
  	"company" varchar NOT NULL,
  	"role" varchar NOT NULL,
  	"years" numeric NOT NULL,
  	"profile_url" varchar NOT NULL,
  	"topics" varchar NOT NULL,
  	"why" varchar NOT NULL,
  	"status" "enum_mentor_applications_status" DEFAULT 'submitted' NOT NULL,
  	"reviewer_notes" varchar,
  	"decline_reason" varchar,
  	"decided_by_id" integer,
  	"decided_at" timestamp(3) with time zone,
  	"mentor_id" integer,
  	"user_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "mentor_applications_id" integer;
  ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_mentor_id_mentors_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "mentor_applications" ADD CONSTRAINT "mentor_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "mentor_applications_email_idx" ON "mentor_applications" USING btree ("email");
  CREATE INDEX "mentor_applications_status_idx" ON "mentor_applications" USING btree ("status");
  CREATE INDEX "mentor_applications_decided_by_idx" ON "mentor_applications" USING btree ("decided_by_id");
  CREATE INDEX "mentor_applications_mentor_idx" ON "mentor_applications" USING btree ("mentor_id");
  CREATE INDEX "mentor_applications_user_idx" ON "mentor_applications" USING btree ("user_id");
  CREATE INDEX "mentor_applications_updated_at_idx" ON "mentor_applications" USING btree ("updated_at");
  CREATE INDEX "mentor_applications_created_at_idx" ON "mentor_applications" USING btree ("created_at");
  CREATE UNIQUE INDEX "mentor_applications_one_open_per_email" ON "mentor_applications" USING btree ("email") WHERE status IN ('submitted', 'under-review');
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_mentor_applications_fk" FOREIGN KEY ("mentor_applications_id") REFERENCES "public"."mentor_applications"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_mentor_applications_id_idx" ON "payload_locked_documents_rels" USING btree ("mentor_applications_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mentor_applications" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "mentor_applications" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_mentor_applications_fk";
  
  DROP INDEX "payload_locked_documents_rels_mentor_applications_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "mentor_applications_id";
  DROP TYPE "public"."enum_mentor_applications_status";`)
}
