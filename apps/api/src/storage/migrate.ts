import { Migrator, type Kysely, type Migration } from 'kysely';
import { migrations as allMigrations } from './migrations/index.js';

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest<DB>(db: Kysely<DB>, migrations: Record<string, Migration> = allMigrations): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Features are developed in parallel; a migration merged later may sort before one applied.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
