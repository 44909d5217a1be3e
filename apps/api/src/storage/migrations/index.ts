import type { Migration } from 'kysely';
import * as simulations from './0001-simulations.js';
import * as identity from './0002-identity.js';
import * as idempotencyAndRateLimits from './0003-idempotency-and-rate-limits.js';
import * as checkpoints from './0004-checkpoints.js';
import * as forks from './0005-forks.js';
import * as experiments from './0006-experiments.js';
import * as coordination from './0007-coordination.js';
import * as sharedExperimentRuns from './0008-shared-experiment-runs.js';
import * as idempotentReferences from './0009-idempotent-references.js';
import * as storedChangeResource from './0015-stored-change-resource.js';
import * as sharedForkHistory from './0010-shared-fork-history.js';
import * as storageAccounting from './0011-storage-accounting.js';
import * as identityChangeNotices from './0012-identity-change-notices.js';
import * as headPastSnapshot from './0013-head-past-snapshot.js';
import * as workCountsBeyondInt32 from './0014-work-counts-beyond-int32.js';

/** Every migration, by name; names sort in the order they were written. Add one line per new file. */
export const migrations: Record<string, Migration> = {
  '0001-simulations': simulations,
  '0002-identity': identity,
  '0003-idempotency-and-rate-limits': idempotencyAndRateLimits,
  '0004-checkpoints': checkpoints,
  '0005-forks': forks,
  '0006-experiments': experiments,
  '0007-coordination': coordination,
  '0008-shared-experiment-runs': sharedExperimentRuns,
  '0009-idempotent-references': idempotentReferences,
  '0010-shared-fork-history': sharedForkHistory,
  '0011-storage-accounting': storageAccounting,
  '0012-identity-change-notices': identityChangeNotices,
  '0013-head-past-snapshot': headPastSnapshot,
  '0014-work-counts-beyond-int32': workCountsBeyondInt32,
  '0015-stored-change-resource': storedChangeResource,
};
