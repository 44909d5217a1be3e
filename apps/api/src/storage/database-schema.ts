import type { ExperimentTables } from './experiment-tables.js';
import type { IdempotencyTables } from './idempotency-tables.js';
import type { IdentityTables } from './identity-tables.js';
import type { RateLimitTables } from './rate-limit-tables.js';
import type { SimulationTables } from './simulation-tables.js';

/**
 * The Kysely database type: one interface per feature. A feature adds its tables by adding its
 * interface to this list.
 */
export interface Database extends SimulationTables, IdentityTables, IdempotencyTables, RateLimitTables, ExperimentTables {}
