import type { MiddlewareHandler } from 'hono';
import type { EngineQueue } from '../../http/engine-queue.js';
import type { Authenticator } from '../../identity/auth-context.js';
import { requireAuth } from '../../identity/require-auth.js';
import { requireScope } from '../../identity/require-scope.js';
import { DEFAULT_TIER_LIMITS } from '../../identity/tier-limits.js';
import type { RouteClass, UsageRecorder } from '../../identity/usage-recorder.js';
import { createRouter } from '../../lib/create-router.js';
import { LiveHub } from '../../live/live-channel.js';
import type { LiveOptions } from '../../live/live-options.js';
import { DEFAULT_PROCESS_QUEUE_BYTES, QueueBudget } from '../../live/queue-budget.js';
import { DEFAULT_SUBSCRIBER_LIMITS } from '../../live/sse-subscriber.js';
import { localStreamSlots } from '../../coordination/in-process-coordination.js';
import type { SimulationEventBus } from '../../simulations/event-bus.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import type { SimulationStore } from '../../simulations/simulation-store.js';
import { eventHandlers } from './events.handlers.js';
import { eventRoutes } from './events.routes.js';

export interface EventsRouterDeps {
  service: SimulationService;
  store: SimulationStore;
  bus: SimulationEventBus;
  authenticator: Authenticator;
  /** The app's per-identity rate limiter; the SSE class sets headers without using the window. */
  rateLimit?: ((routeClass: RouteClass) => MiddlewareHandler) | undefined;
  usage?: UsageRecorder | undefined;
  /** The app's queue for engine work: a resumed stream's replay waits in it. */
  engineQueue?: EngineQueue | undefined;
  options?: LiveOptions | undefined;
}

/**
 * GET /v1/simulations/{id}/events. Its guard is auth → SSE rate class → scope simulation:read:
 * a stream counts against the concurrent-stream limit, not against the per-minute read limit.
 */
export function eventsRouter(deps: EventsRouterDeps) {
  const options = deps.options ?? {};
  const guard = [requireAuth(deps.authenticator), ...(deps.rateLimit ? [deps.rateLimit('sse')] : []), requireScope('simulation:read')];
  const handlers = eventHandlers({
    service: deps.service,
    stream: {
      hub: options.hub ?? new LiveHub(deps.bus),
      store: deps.store,
      engine: deps.service.engine,
      whileQuiet: (id, task) => deps.service.whileQuiet(id, task),
      heartbeatMs: options.heartbeatMs ?? 30_000,
      retryMs: options.retryMs ?? 3000,
      limits: options.subscriberLimits ?? DEFAULT_SUBSCRIBER_LIMITS,
      budget: options.budget ?? new QueueBudget(DEFAULT_PROCESS_QUEUE_BYTES),
    },
    streams: options.streams ?? localStreamSlots(),
    tiers: options.tiers ?? DEFAULT_TIER_LIMITS,
    usage: deps.usage,
    authenticator: deps.authenticator,
    engineQueue: deps.engineQueue,
  });
  return createRouter().openapi(eventRoutes(guard).stream, handlers.stream);
}
