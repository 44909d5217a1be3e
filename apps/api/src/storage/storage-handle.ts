import type { Kysely } from 'kysely';
import type { Database } from './database-schema.js';
import type { SimulationStore } from './simulation-store.js';
import type { StorageCapabilities } from './storage-capabilities.js';

/** An open database: the Kysely instance other features build their stores on, and ours. */
export interface StorageHandle {
  readonly db: Kysely<Database>;
  readonly capabilities: StorageCapabilities;
  readonly simulations: SimulationStore;
  /** Closes the connection(s); idempotent. */
  close(): Promise<void>;
}
