import { fileURLToPath } from 'node:url';
import type { AppDeps } from '../../src/app-deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { silentLogger } from '../../src/lib/logger.js';
import { createAdapterDomainCatalog } from '../../src/scenarios/adapter-domain-catalog.js';
import { loadScenarioFolder } from '../../src/scenarios/load-scenario-folder.js';
import { createScenarioCatalog } from '../../src/scenarios/scenario-catalog.js';
import { InProcessEventBus } from '../../src/simulations/event-bus.js';
import type { StorageHandle } from '../../src/storage/storage-handle.js';

/** Small scenarios the API tests run (the repo's `scenarios/` are for people and benchmarks). */
export const FIXTURE_SCENARIOS = fileURLToPath(new URL('./fixtures/scenarios/', import.meta.url));

/**
 * The dependencies every test and benchmark app shares: the storage's simulation store, the
 * real domain adapters, the fixture scenarios, the system clock, a fresh event bus and a silent
 * logger. A caller names its authenticator and adds or overrides what it is about.
 */
export function appDeps(storage: StorageHandle, deps: Pick<AppDeps, 'authenticator'> & Partial<AppDeps>): AppDeps {
  return {
    store: storage.simulations,
    experiments: storage.experiments,
    // Loaded only when the caller brings no catalog of its own.
    scenarios: deps.scenarios ?? createScenarioCatalog(loadScenarioFolder(FIXTURE_SCENARIOS, silentLogger).scenarios),
    domains: createAdapterDomainCatalog(),
    clock: systemClock,
    config: { serviceVersion: '1.0.0-test' },
    events: new InProcessEventBus(),
    logger: silentLogger,
    ...deps,
  };
}
