import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "business_legal_name" varchar DEFAULT 'MentorLoop';
  ALTER TABLE "site_settings" ADD COLUMN "business_address" varchar DEFAULT 'Bengaluru, Karnataka, India';
  ALTER TABLE "site_settings" ADD COLUMN "business_gstin" varchar;
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_business_legal_name" varchar DEFAULT 'MentorLoop';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_business_address" varchar DEFAULT 'Bengaluru, Karnataka, India';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_business_gstin" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "business_legal_name";
  ALTER TABLE "site_settings" DROP COLUMN "business_address";
  ALTER TABLE "site_settings" DROP COLUMN "business_gstin";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_business_legal_name";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_business_address";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_business_gstin";`)
}
