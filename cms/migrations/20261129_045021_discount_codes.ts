import { type MigrateDownArgs, type MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Issue 35, Offers (docs/decisions/195-197): discount codes that staff create, the uses a
 * checkout reserves and a verified payment counts, the code and discount on a payment, and the
 * early-bird banner's code. Expand only: new tables, new nullable columns, their indexes.
 */

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_discount_codes_kind" AS ENUM('percent', 'flat');
  CREATE TYPE "public"."enum_discount_code_uses_status" AS ENUM('reserved', 'used', 'released');
  CREATE TABLE "discount_codes" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"code" varchar NOT NULL,
  	"active" boolean DEFAULT true,
  	"note" varchar,
  	"kind" "enum_discount_codes_kind" DEFAULT 'percent' NOT NULL,
  	"percent_off" numeric,
  	"amount_off" numeric,
  	"starts_at" timestamp(3) with time zone NOT NULL,
  	"ends_at" timestamp(3) with time zone,
  	"max_uses" numeric,
  	"max_uses_per_student" numeric DEFAULT 1 NOT NULL,
  	"first_purchase_only" boolean DEFAULT false,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "discount_codes_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"plans_id" integer
  );
  
  CREATE TABLE "discount_code_uses" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"discount_code_id" integer NOT NULL,
  	"user_id" integer NOT NULL,
  	"plan_id" integer NOT NULL,
  	"payment_id" integer,
  	"status" "enum_discount_code_uses_status" DEFAULT 'reserved' NOT NULL,
  	"amount" numeric NOT NULL,
  	"expires_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payments" ADD COLUMN "discount_code" varchar;
  ALTER TABLE "payments" ADD COLUMN "discount_amount" numeric;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "discount_codes_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "discount_code_uses_id" integer;
  ALTER TABLE "site_settings" ADD COLUMN "plans_section_banner_discount_code_id" integer;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_plans_section_banner_discount_code_id" integer;
  ALTER TABLE "discount_codes_rels" ADD CONSTRAINT "discount_codes_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "discount_codes_rels" ADD CONSTRAINT "discount_codes_rels_plans_fk" FOREIGN KEY ("plans_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;
  CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");
  CREATE INDEX "discount_codes_updated_at_idx" ON "discount_codes" USING btree ("updated_at");
  CREATE INDEX "discount_codes_created_at_idx" ON "discount_codes" USING btree ("created_at");
  CREATE INDEX "discount_codes_rels_order_idx" ON "discount_codes_rels" USING btree ("order");
  CREATE INDEX "discount_codes_rels_parent_idx" ON "discount_codes_rels" USING btree ("parent_id");
  CREATE INDEX "discount_codes_rels_path_idx" ON "discount_codes_rels" USING btree ("path");
  CREATE INDEX "discount_codes_rels_plans_id_idx" ON "discount_codes_rels" USING btree ("plans_id");
  CREATE INDEX "discount_code_uses_discount_code_idx" ON "discount_code_uses" USING btree ("discount_code_id");
  CREATE INDEX "discount_code_uses_user_idx" ON "discount_code_uses" USING btree ("user_id");
  CREATE INDEX "discount_code_uses_plan_idx" ON "discount_code_uses" USING btree ("plan_id");
  CREATE UNIQUE INDEX "discount_code_uses_payment_idx" ON "discount_code_uses" USING btree ("payment_id");
  CREATE INDEX "discount_code_uses_status_idx" ON "discount_code_uses" USING btree ("status");
  CREATE INDEX "discount_code_uses_updated_at_idx" ON "discount_code_uses" USING btree ("updated_at");
  CREATE INDEX "discount_code_uses_created_at_idx" ON "discount_code_uses" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_discount_codes_fk" FOREIGN KEY ("discount_codes_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_discount_code_uses_fk" FOREIGN KEY ("discount_code_uses_id") REFERENCES "public"."discount_code_uses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_plans_section_banner_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("plans_section_banner_discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "_site_settings_v" ADD CONSTRAINT "_site_settings_v_version_plans_section_banner_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("version_plans_section_banner_discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "payments_discount_code_idx" ON "payments" USING btree ("discount_code");
  CREATE INDEX "payload_locked_documents_rels_discount_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("discount_codes_id");
  CREATE INDEX "payload_locked_documents_rels_discount_code_uses_id_idx" ON "payload_locked_documents_rels" USING btree ("discount_code_uses_id");
  CREATE INDEX "site_settings_plans_section_plans_section_banner_discoun_idx" ON "site_settings" USING btree ("plans_section_banner_discount_code_id");
  CREATE INDEX "_site_settings_v_version_plans_section_version_plans_sec_idx" ON "_site_settings_v" USING btree ("version_plans_section_banner_discount_code_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "discount_codes" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "discount_codes_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "discount_code_uses" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "discount_codes" CASCADE;
  DROP TABLE "discount_codes_rels" CASCADE;
  DROP TABLE "discount_code_uses" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_discount_codes_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT IF EXISTS "payload_locked_documents_rels_discount_code_uses_fk";
  
  ALTER TABLE "site_settings" DROP CONSTRAINT IF EXISTS "site_settings_plans_section_banner_discount_code_id_discount_codes_id_fk";
  
  ALTER TABLE "_site_settings_v" DROP CONSTRAINT IF EXISTS "_site_settings_v_version_plans_section_banner_discount_code_id_discount_codes_id_fk";
  
  DROP INDEX "payments_discount_code_idx";
  DROP INDEX "payload_locked_documents_rels_discount_codes_id_idx";
  DROP INDEX "payload_locked_documents_rels_discount_code_uses_id_idx";
  DROP INDEX "site_settings_plans_section_plans_section_banner_discoun_idx";
  DROP INDEX "_site_settings_v_version_plans_section_version_plans_sec_idx";
  ALTER TABLE "payments" DROP COLUMN "discount_code";
  ALTER TABLE "payments" DROP COLUMN "discount_amount";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "discount_codes_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "discount_code_uses_id";
  ALTER TABLE "site_settings" DROP COLUMN "plans_section_banner_discount_code_id";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_plans_section_banner_discount_code_id";
  DROP TYPE "public"."enum_discount_codes_kind";
  DROP TYPE "public"."enum_discount_code_uses_status";`)
}
