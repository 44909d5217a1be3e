import type { OpenAPIHono } from '@hono/zod-openapi';
import { answerHeadAsGet } from './http/head-as-get.js';
import { EngineQueue, engineQueue } from './http/engine-queue.js';
import type { AppDeps } from './app-deps.js';
import { unroutedBodyLimit } from './lib/body-limit.js';
import { createRouter } from './lib/create-router.js';
import { errorHandler, notFoundHandler } from './http/error-handler.js';
import { createLogger, type Logger } from './lib/logger.js';
import { serveOpenApi } from './lib/openapi-document.js';
import { resourceReachability } from './idempotency/resource-reachable.js';
import { documentIdempotency } from './idempotency/document-idempotency.js';
import { reproduceRunResponse } from './routes/simulations/run-response.js';
import { documentRateLimits } from './rate-limit/document-rate-limits.js';
import { documentWorkLimits } from './work-budget/document-work-limits.js';
import { documentRequestRefusals } from './lib/document-request-refusals.js';
import { requestId } from './lib/request-id.js';
import { headersFromIncoming } from './lib/request-header.js';
import { beforeNext, inSequence } from './lib/in-sequence.js';
import { securityHeaders } from './lib/security-headers.js';
import { closeAfterUnreadBody } from './lib/unread-body.js';
import { RouteMarks } from './lib/route-markers.js';
import { createRouteGuards, type RouteGuards } from './http/route-guards.js';
import { decreesRouter } from './routes/decrees/decrees.index.js';
import { eventsRouter } from './routes/events/events.index.js';
import { docsRouter } from './routes/docs/docs.index.js';
import { webRouter } from './routes/web/web.index.js';
import { domainsRouter } from './routes/domains/domains.index.js';
import { healthRouter } from './routes/health/health.index.js';
import { propheciesRouter } from './routes/prophecies/prophecies.index.js';
import { scenariosRouter } from './routes/scenarios/scenarios.index.js';
import { simulationsRouter } from './routes/simulations/simulations.index.js';
import { forksRouter } from './routes/forks/forks.index.js';
import { SimulationForks } from './simulations/simulation-forks.js';
import { SimulationService } from './simulations/simulation-service.js';
import type { ExperimentFeed } from './experiments/experiment-feed.js';
import { LiveHub } from './live/live-channel.js';
import { DEFAULT_PROCESS_QUEUE_BYTES, QueueBudget } from './live/queue-budget.js';
import { DEFAULT_EXPERIMENT_LIMITS } from './experiments/experiment-limits.js';
import { createExperimentRuntime } from './experiments/experiment-runtime.js';
import type { ExperimentScheduler } from './experiments/experiment-scheduler.js';
import { ExperimentService } from './experiments/experiment-service.js';
import { SimulationBaseSource } from './experiments/simulation-base.js';
import { experimentsRouter } from './routes/experiments/experiments.index.js';

/** What main needs of the experiments: resume them at start, stop them (and their streams) at shutdown. */
export interface ExperimentsHandle {
  executor: ExperimentScheduler;
  feed: ExperimentFeed;
  service: ExperimentService;
}

/**
 * The app and its simulation service (main closes the service on shutdown). Middleware order,
 * app-wide as one middleware (inSequence): request headers read from node's (see
 * headersFromIncoming) → route marks (which routes' chains rate-limit and
 * size-check themselves) → request id → security headers (nosniff, Cache-Control) →
 * extensions.beforeRoutes (rate limiting) → body limit of the requests no route chain limits →
 * routes, each protected route carrying its own auth → rate class → scope → body limit → usage
 * → idempotency chain (see createRouteGuards for why the body limit is there).
 */
export function createAppWithService(deps: AppDeps): { app: OpenAPIHono; service: SimulationService; experiments: ExperimentsHandle | undefined } {
  const logger = deps.logger ?? createLogger();
  // The live feeds: the events router streams them; the service asks which agent detail they take.
  const hub = deps.live?.hub ?? new LiveHub(deps.events);
  // One budget for the bytes every stream of the process holds (docs/api.md, "Events", "Limits").
  const live = { ...deps.live, hub, budget: deps.live?.budget ?? new QueueBudget(DEFAULT_PROCESS_QUEUE_BYTES) };
  const service = new SimulationService({
    store: deps.store,
    scenarios: deps.scenarios,
    domains: deps.domains,
    clock: deps.clock,
    events: deps.events,
    logger,
    ...(deps.playback ? { playback: deps.playback } : {}),
    ...(deps.usage ? { usage: deps.usage } : {}),
    ...(deps.engine ? { engine: deps.engine } : {}),
    ...(deps.work ? { work: deps.work } : {}),
    ...(deps.storageBudget ? { storage: deps.storageBudget } : {}),
    checkpointInterval: deps.checkpointInterval,
    ...(deps.coordination ? { locks: deps.coordination.locks, leases: deps.coordination.leases } : {}),
    wantsAgentsJson: (simulationId) => hub.wantsAgentsJson(simulationId),
  });
  // Forks share the service's engine runner, so their replays queue on the same workers.
  const forks = new SimulationForks({
    store: deps.store,
    engine: service.engine,
    work: service.work,
    storage: service.storage,
    clock: deps.clock,
    usage: service.usage,
  });
  const onError = errorHandler(logger);
  // One queue for every request that computes through the engine for its caller: engine reads,
  // forks, resumed event streams and regenerated `run` answers (docs/api.md, "Engine work", "The engine's queue").
  const queue = new EngineQueue(deps.engineQueue);
  const guards = createRouteGuards(deps.authenticator, { ...deps.extensions, engineQueue: engineQueue(queue) }, onError);
  const app = createRouter();
  const marks = new RouteMarks();
  const mountRouter = (router: OpenAPIHono): void => marks.mount(app, router);

  // A long `run` answer stored under an Idempotency-Key is a reference; this regenerates it.
  const reproduceRun = reproduceRunResponse(service, queue);
  // Asked before an Idempotency-Key's stored answer is given again: may the caller still reach
  // the simulation or experiment it was for (the handlers' own access checks)?
  const resourceReachable = resourceReachability({
    simulation: (auth, id) => service.get(auth, id),
    experiment: (auth, id) => (experiments === undefined ? Promise.reject(new Error('no experiments')) : experiments.service.accessible(auth, id)),
  });
  const provideReproduceRun = beforeNext((c) => {
    c.set('reproduceResponse', reproduceRun);
    c.set('resourceReachable', resourceReachable);
  });
  // One app-wide middleware, as each protected route's guards are (see inSequence): Hono
  // dispatches one handler for all of them on every request, in this order.
  app.use(
    '*',
    inSequence(
      [
        headersFromIncoming(),
        marks.provide(),
        requestId(),
        securityHeaders(),
        closeAfterUnreadBody(),
        provideReproduceRun,
        ...(deps.extensions?.beforeRoutes ?? []),
        unroutedBodyLimit(),
      ],
      onError,
    ),
  );
  app.onError(onError);
  app.notFound(notFoundHandler);

  mountRouter(healthRouter({ ping: () => deps.store.ping(), clock: deps.clock, serviceVersion: deps.config.serviceVersion, startedAt: deps.clock.now() }));
  mountRouter(docsRouter());
  mountRouter(webRouter(deps.web));
  mountRouter(scenariosRouter(deps.scenarios));
  mountRouter(domainsRouter(deps.domains));
  mountRouter(simulationsRouter(service, guards));
  mountRouter(decreesRouter(service, guards));
  mountRouter(propheciesRouter(service, guards));
  mountRouter(forksRouter(forks, guards));
  mountRouter(
    eventsRouter({
      service,
      store: deps.store,
      bus: deps.events,
      authenticator: deps.authenticator,
      rateLimit: deps.extensions?.rateLimit,
      usage: deps.usage,
      engineQueue: queue,
      options: live,
    }),
  );
  const experiments =
    deps.experiments === undefined ? undefined : mountExperiments({ ...deps, live, experiments: deps.experiments }, service, guards, mountRouter, logger);
  deps.extensions?.mount?.(app, { service, guards, mountRouter });
  // The document states what the installed middlewares enforce, on every route they cover.
  if (deps.extensions?.idempotency) documentIdempotency(app);
  if (deps.extensions?.rateLimit) documentRateLimits(app);
  documentWorkLimits(app, { budget: deps.work !== undefined });

  serveOpenApi(app, deps.config.serviceVersion);
  // After the document's own path is registered: it refuses a query too.
  documentRequestRefusals(app);
  answerHeadAsGet(app);
  return { app, service, experiments };
}

/** Experiments compute on the service's engine runner (the worker pool in the server) and weigh with its work budget. */
function mountExperiments(
  deps: AppDeps & { experiments: NonNullable<AppDeps['experiments']> },
  service: SimulationService,
  guards: RouteGuards,
  mountRouter: (router: OpenAPIHono) => void,
  logger: Logger,
): ExperimentsHandle {
  const limits = deps.experimentLimits ?? DEFAULT_EXPERIMENT_LIMITS;
  const { executor, feed } = createExperimentRuntime({
    store: deps.experiments,
    engine: service.engine,
    domains: deps.domains,
    clock: deps.clock,
    logger,
    limits,
    parallelism: deps.experimentParallelism ?? 1,
    instance: deps.instance,
    topology: deps.experimentTopology,
  });
  const simulationBases = new SimulationBaseSource({ store: deps.store, engine: service.engine });
  const experimentService = new ExperimentService({
    store: deps.experiments,
    executor,
    scenarios: deps.scenarios,
    domains: deps.domains,
    clock: deps.clock,
    work: service.work,
    storage: service.storage,
    feed,
    limits,
    simulationBases,
  });
  mountRouter(
    experimentsRouter({
      service: experimentService,
      store: deps.experiments,
      feed,
      guards,
      authenticator: deps.authenticator,
      rateLimit: deps.extensions?.rateLimit,
      live: deps.live,
      usage: deps.usage,
      output: deps.experimentOutput,
    }),
  );
  return { executor, feed, service: experimentService };
}

/** The HTTP app around its dependencies; tests build one per temporary database. */
export function createApp(deps: AppDeps): OpenAPIHono {
  return createAppWithService(deps).app;
}
