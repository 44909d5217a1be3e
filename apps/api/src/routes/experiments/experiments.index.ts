import type { MiddlewareHandler } from 'hono';
import type { Authenticator } from '../../identity/auth-context.js';
import { requireAuth } from '../../identity/require-auth.js';
import { requireScope } from '../../identity/require-scope.js';
import { DEFAULT_TIER_LIMITS } from '../../identity/tier-limits.js';
import type { RouteClass, UsageRecorder } from '../../identity/usage-recorder.js';
import { createRouter } from '../../lib/create-router.js';
import type { LiveOptions } from '../../live/live-options.js';
import { DEFAULT_SUBSCRIBER_LIMITS } from '../../live/sse-subscriber.js';
import type { ExperimentFeed } from '../../experiments/experiment-feed.js';
import type { ExperimentService } from '../../experiments/experiment-service.js';
import type { ExperimentStore } from '../../experiments/experiment-store.js';
import type { RouteGuards } from '../../http/route-guards.js';
import { localStreamSlots } from '../../coordination/in-process-coordination.js';
import type { ExperimentOutputs } from '../request-thread/experiment-output.js';
import { reportBodyRules } from '../../lib/body-rules.js';
import { EXPERIMENT_BODY_RULES } from './experiment-schemas.js';
import { experimentHandlers } from './experiments.handlers.js';
import { experimentRoutes } from './experiments.routes.js';

export interface ExperimentsRouterDeps {
  service: ExperimentService;
  store: ExperimentStore;
  feed: ExperimentFeed;
  guards: RouteGuards;
  authenticator: Authenticator;
  rateLimit?: ((routeClass: RouteClass) => MiddlewareHandler) | undefined;
  /** The simulation streams' settings: an experiment's stream counts against the same open-stream limit. */
  live?: LiveOptions | undefined;
  /** Where an opened stream is counted (`GET /v1/usage`'s `requests.sse`), as a simulation's is. */
  usage?: UsageRecorder | undefined;
  /** Makes results and exports off the event loop (the request thread); left out, on it. */
  output?: ExperimentOutputs | undefined;
}

/**
 * The experiment routes. The event stream's guard is the simulation stream's (auth → SSE rate
 * class → scope simulation:read): it counts against the open-stream limit, not the read window.
 */
export function experimentsRouter(deps: ExperimentsRouterDeps) {
  const live = deps.live ?? {};
  const streamGuard = [requireAuth(deps.authenticator), ...(deps.rateLimit ? [deps.rateLimit('sse')] : []), requireScope('simulation:read')];
  const routes = experimentRoutes(deps.guards, streamGuard);
  const handlers = experimentHandlers({
    service: deps.service,
    stream: {
      store: deps.store,
      feed: deps.feed,
      heartbeatMs: live.heartbeatMs ?? 30_000,
      retryMs: live.retryMs ?? 3000,
      limits: live.subscriberLimits ?? DEFAULT_SUBSCRIBER_LIMITS,
      budget: live.budget,
    },
    streams: live.streams ?? localStreamSlots(),
    tiers: live.tiers ?? DEFAULT_TIER_LIMITS,
    authenticator: deps.authenticator,
    usage: deps.usage,
    output: deps.output,
  });
  return createRouter({ jsonBodies: deps.guards.jsonBodies })
    .openapi(routes.submit, handlers.submit, reportBodyRules(...EXPERIMENT_BODY_RULES))
    .openapi(routes.list, handlers.list)
    .openapi(routes.get, handlers.get)
    .openapi(routes.cancel, handlers.cancel)
    .openapi(routes.results, handlers.results)
    .openapi(routes.events, handlers.events);
}
