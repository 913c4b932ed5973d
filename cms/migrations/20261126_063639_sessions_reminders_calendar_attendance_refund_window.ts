import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_sessions_status" AS ENUM('scheduled', 'cancelled');
  CREATE TYPE "public"."enum_session_reminders_kind" AS ENUM('day', 'hour');
  CREATE TYPE "public"."enum_session_attendance_status" AS ENUM('present', 'absent');
  CREATE TABLE "session_reminders" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"session_id" integer,
  	"kind" "enum_session_reminders_kind" NOT NULL,
  	"sequence" numeric NOT NULL,
  	"recipients" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "session_attendance" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"session_id" integer NOT NULL,
  	"user_id" integer NOT NULL,
  	"status" "enum_session_attendance_status" NOT NULL,
  	"batch_id" integer,
  	"mentor_id" integer,
  	"marked_by_id" integer,
  	"marked_at" timestamp(3) with time zone,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "users" ADD COLUMN "reminders_off" boolean DEFAULT false;
  ALTER TABLE "users" ADD COLUMN "calendar_token" varchar;
  ALTER TABLE "email_outbox" ADD COLUMN "calendar" varchar;
  ALTER TABLE "sessions" ADD COLUMN "status" "enum_sessions_status" DEFAULT 'scheduled';
  ALTER TABLE "sessions" ADD COLUMN "sequence" numeric DEFAULT 0;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "session_reminders_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "session_attendance_id" integer;
  ALTER TABLE "business_rules" ADD COLUMN "refund_window_hours" numeric DEFAULT 72 NOT NULL;
  ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_mentor_id_mentors_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."mentors"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "session_attendance" ADD CONSTRAINT "session_attendance_marked_by_id_users_id_fk" FOREIGN KEY ("marked_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "session_reminders_session_idx" ON "session_reminders" USING btree ("session_id");
  CREATE INDEX "session_reminders_updated_at_idx" ON "session_reminders" USING btree ("updated_at");
  CREATE INDEX "session_reminders_created_at_idx" ON "session_reminders" USING btree ("created_at");
  CREATE UNIQUE INDEX "session_kind_sequence_idx" ON "session_reminders" USING btree ("session_id","kind","sequence");
  CREATE INDEX "session_attendance_session_idx" ON "session_attendance" USING btree ("session_id");
  CREATE INDEX "session_attendance_user_idx" ON "session_attendance" USING btree ("user_id");
  CREATE INDEX "session_attendance_batch_idx" ON "session_attendance" USING btree ("batch_id");
  CREATE INDEX "session_attendance_mentor_idx" ON "session_attendance" USING btree ("mentor_id");
  CREATE INDEX "session_attendance_marked_by_idx" ON "session_attendance" USING btree ("marked_by_id");
  CREATE INDEX "session_attendance_updated_at_idx" ON "session_attendance" USING btree ("updated_at");
  CREATE INDEX "session_attendance_created_at_idx" ON "session_attendance" USING btree ("created_at");
  CREATE UNIQUE INDEX "session_user_idx" ON "session_attendance" USING btree ("session_id","user_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_session_reminders_fk" FOREIGN KEY ("session_reminders_id") REFERENCES "public"."session_reminders"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_session_attendance_fk" FOREIGN KEY ("session_attendance_id") REFERENCES "public"."session_attendance"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "users_calendar_token_idx" ON "users" USING btree ("calendar_token");
  CREATE INDEX "sessions_status_idx" ON "sessions" USING btree ("status");
  CREATE INDEX "payload_locked_documents_rels_session_reminders_id_idx" ON "payload_locked_documents_rels" USING btree ("session_reminders_id");
  CREATE INDEX "payload_locked_documents_rels_session_attendance_id_idx" ON "payload_locked_documents_rels" USING btree ("session_attendance_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "session_reminders" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "session_attendance" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "session_reminders" CASCADE;
  DROP TABLE "session_attendance" CASCADE;
  -- The tables' CASCADE above already dropped these foreign keys (drizzle-kit writes them after it).
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_session_reminders_fk";
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_session_attendance_fk";
  DROP INDEX "users_calendar_token_idx";
  DROP INDEX "sessions_status_idx";
  DROP INDEX "payload_locked_documents_rels_session_reminders_id_idx";
  DROP INDEX "payload_locked_documents_rels_session_attendance_id_idx";
  ALTER TABLE "users" DROP COLUMN "reminders_off";
  ALTER TABLE "users" DROP COLUMN "calendar_token";
  ALTER TABLE "email_outbox" DROP COLUMN "calendar";
  ALTER TABLE "sessions" DROP COLUMN "status";
  ALTER TABLE "sessions" DROP COLUMN "sequence";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "session_reminders_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "session_attendance_id";
  ALTER TABLE "business_rules" DROP COLUMN "refund_window_hours";
  DROP TYPE "public"."enum_sessions_status";
  DROP TYPE "public"."enum_session_reminders_kind";
  DROP TYPE "public"."enum_session_attendance_status";`)
}
