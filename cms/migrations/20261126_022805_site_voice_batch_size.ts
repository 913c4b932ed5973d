import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" ADD COLUMN "batch_size" varchar DEFAULT '12–15';
  ALTER TABLE "_site_settings_v" ADD COLUMN "version_batch_size" varchar DEFAULT '12–15';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "site_settings" DROP COLUMN "batch_size";
  ALTER TABLE "_site_settings_v" DROP COLUMN "version_batch_size";`)
}
