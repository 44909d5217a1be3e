import type { Kysely } from 'kysely';
import type { ChangeWatch } from './change-watch.js';
import type { Database } from './database-schema.js';
import type { SimulationStore } from '../simulations/simulation-store.js';
import type { ExperimentStore } from '../experiments/experiment-store.js';
import type { StorageCapabilities } from './storage-capabilities.js';

/** An open database: the Kysely instance other features build their stores on, and ours. */
export interface StorageHandle {
  readonly db: Kysely<Database>;
  readonly capabilities: StorageCapabilities;
  /** What the stores' read caches watch; absent where no cheap change signal exists (no caching then). */
  readonly changes?: ChangeWatch | undefined;
  readonly simulations: SimulationStore;
  readonly experiments: ExperimentStore;
  /** Closes the connection(s); idempotent. */
  close(): Promise<void>;
}
