import type { DatabaseConfig } from '../lib/database-config.js';
import { createPostgresTopology } from './postgres/postgres-topology.js';
import { createSingleProcessTopology } from './single-process/single-process-topology.js';
import type { Topology, TopologyDeps } from './topology.js';

/** What of the service's configuration picks and sets up the topology (AppConfig has it). */
export interface TopologyConfig {
  database: DatabaseConfig;
  /** How long a playback lease lives unrenewed (SIM_PLAYBACK_LEASE_MS). */
  playbackLeaseMs: number;
}

/** The topology of this deployment: PostgreSQL when DATABASE_URL names one, else one process. */
export function createTopology(config: TopologyConfig, deps: TopologyDeps): Promise<Topology> {
  const { database } = config;
  if (database.kind === 'postgres') return createPostgresTopology({ ...deps, connectionString: database.url, playbackLeaseMs: config.playbackLeaseMs });
  return Promise.resolve(createSingleProcessTopology(deps));
}
