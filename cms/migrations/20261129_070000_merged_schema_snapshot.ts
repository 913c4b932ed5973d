import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * No statement: the schema snapshot beside it (the .json) joins branches' migrations made at the
 * same time (20261129_045021_discount_codes and 20261129_060000_mentor_applications), each of
 * which snapshotted only its own changes. The next `npm run migrate:create -w cms` diffs against
 * this file, which holds them all (cms/tests/int/generated.int.test.ts checks it).
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
