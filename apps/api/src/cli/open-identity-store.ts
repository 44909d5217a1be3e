import { ConfigError, loadConfig } from '../config.js';
import { CliError } from './cli-error.js';
import type { OpenIdentityStore } from './cli-io.js';

/**
 * Opens DATABASE_URL exactly as the server does: the same config parser (so relative SQLite
 * paths resolve the same way, unset means data/sim.db under the repository root) and the same
 * opener, which migrates the schema.
 */
export const openIdentityStore: OpenIdentityStore = async (io) => {
  let database;
  try {
    ({ database } = loadConfig({ ...io.env, INIT_CWD: io.env.INIT_CWD ?? io.cwd }));
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
  const [{ openStorage }, { createKyselyIdentityStore }] = await Promise.all([
    import('../storage/open-storage.js'),
    import('../storage/identity-store-kysely.js'),
  ]);
  let storage;
  try {
    storage = await openStorage(database);
  } catch (error) {
    throw new CliError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { store: createKyselyIdentityStore(storage.db), close: () => storage.close() };
};
