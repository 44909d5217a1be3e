import type { StorageBudget } from './storage-budget/storage-budget.js';
import type { MiddlewareHandler } from 'hono';
import type { EngineQueueLimits } from './http/engine-queue.js';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppConfig } from './config.js';
import type { ViewerFiles } from './routes/web/viewer-files.js';
import type { Authenticator } from './identity/auth-context.js';
import type { ExperimentOutputs } from './routes/request-thread/experiment-output.js';
import type { UsageRecorder } from './identity/usage-recorder.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { GuardExtensions } from './http/route-guards.js';
import type { DomainCatalog } from './scenarios/domain-catalog.js';
import type { ScenarioCatalog } from './scenarios/scenario-catalog.js';
import type { SimulationEventBus } from './simulations/event-bus.js';
import type { PlaybackControllerFactory } from './simulations/playback-controller.js';
import type { SimulationService } from './simulations/simulation-service.js';
import type { RouteGuards } from './http/route-guards.js';
import type { SimulationStore } from './simulations/simulation-store.js';
import type { LiveOptions } from './live/live-options.js';
import type { EngineRunner } from './engine-work/engine-runner.js';
import type { WorkBudget } from './work-budget/work-budget.js';
import type { ExperimentStore } from './experiments/experiment-store.js';
import type { ExperimentLimitsTable } from './experiments/experiment-limits.js';
import type { Coordination } from './coordination/coordination.js';
import type { ExperimentTopology } from './experiments/experiment-runtime.js';

/** What a later feature may add to the app without touching its routes. */
export interface AppExtensions extends GuardExtensions {
  /** App-wide middlewares after the request id and before the app-wide body limit (rate limiting by IP). */
  beforeRoutes?: readonly MiddlewareHandler[];
  /**
   * Mounts further routers (organization, usage) with the app's service and guards, through
   * `mountRouter`, which records the routes whose chains limit themselves (see RouteMarks).
   * Called after the core routes are mounted, before the OpenAPI document is generated.
   */
  mount?: (app: OpenAPIHono, context: { service: SimulationService; guards: RouteGuards; mountRouter: (router: OpenAPIHono) => void }) => void;
}

/** Everything the app needs, passed in: no module-level singletons. */
export interface AppDeps {
  store: SimulationStore;
  authenticator: Authenticator;
  scenarios: ScenarioCatalog;
  domains: DomainCatalog;
  clock: Clock;
  config: Pick<AppConfig, 'serviceVersion'>;
  events: SimulationEventBus;
  /** Locks and playback leases (docs/operations.md, "Several instances"); default in this process. */
  coordination?: Coordination;
  logger?: Logger;
  /** Builds the playback clock; default: a controller that runs no clock. */
  playback?: PlaybackControllerFactory;
  /** SSE stream settings (heartbeat, stream limiter, hub); defaults in docs/api.md, "Events". */
  live?: LiveOptions;
  usage?: UsageRecorder;
  /** Where the engine computes; default this thread in slices (the server passes its worker pool). */
  engine?: EngineRunner;
  /** The built viewer served at / (routes/web); undefined: / answers 404 with how to build it. */
  web?: ViewerFiles;
  /** Work ceilings and the compute window; default none. */
  work?: WorkBudget;
  /** Stored bytes per organization and tier (docs/api.md, "Storage budget"); default none. */
  storageBudget?: StorageBudget;
  /** Ticks between checkpoints; default picked from each world's size (docs/api.md, "Checkpoints"). */
  checkpointInterval?: number | undefined;
  /** Where experiments are stored; without it the experiment routes are not mounted. */
  experiments?: ExperimentStore;
  /** Experiment runs computing at once; default the engine's worker count as the server sets it, else 1. */
  experimentParallelism?: number;
  /** Experiment limits per tier; default docs/api.md, "Experiments", "Limits". */
  experimentLimits?: ExperimentLimitsTable;
  /**
   * The experiments' run queue, feed, locks and announcements (topology/): shared in PostgreSQL
   * by several processes (docs/operations.md, "Experiments on several instances"); default this
   * process alone, with an in-memory queue.
   */
  experimentTopology?: ExperimentTopology;
  /** This process's name (host:pid), noted on the experiment runs it records. */
  instance?: string;
  /** Engine reads under way at once, per organization and in all (docs/api.md, "Engine work", "The engine's queue"). */
  engineQueue?: EngineQueueLimits;
  extensions?: AppExtensions;
  /**
   * Makes an experiment's results (and their CSV or Parquet export) elsewhere than on the event
   * loop, reading the runs there (routes/request-thread); left out, on it.
   */
  experimentOutput?: ExperimentOutputs | undefined;
}
