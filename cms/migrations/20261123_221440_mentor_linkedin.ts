import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mentors" ADD COLUMN "linkedin" varchar;
  ALTER TABLE "_mentors_v" ADD COLUMN "version_linkedin" varchar;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "mentors" DROP COLUMN "linkedin";
  ALTER TABLE "_mentors_v" DROP COLUMN "version_linkedin";`)
}
