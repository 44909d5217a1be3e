import type { RouteHandler } from '@hono/zod-openapi';
import type { TierLimitsTable } from '../../identity/tier-limits.js';
import type { UsageRecorder } from '../../identity/usage-recorder.js';
import type { Authenticator } from '../../identity/auth-context.js';
import { credentialRecheck } from '../../identity/credential-recheck.js';
import { requestCredentials } from '../../identity/request-credentials.js';
import { openSimulationStream, type SimulationStreamDeps } from '../../live/simulation-stream.js';
import { tickVariant } from '../../live/tick-variant.js';
import type { StreamSlots } from '../../coordination/coordination.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import { streamed } from '../simulations/trace-response.js';
import { workRequest } from '../../work-budget/work-request.js';
import type { EventRoutes } from './events.routes.js';
import { ApiError } from '../../lib/api-error.js';
import { incomingOf } from '../../lib/request-header.js';
import { countForCaller } from '../../http/count-requests.js';
import { queueingOrganization, type EngineQueue } from '../../http/engine-queue.js';
import { resumeAfterId, SSE_HEADERS, streamLimitError } from '../../live/sse-response.js';
import { cancelIfAbandoned } from '../../live/cancel-if-abandoned.js';

export interface EventHandlerDeps {
  service: SimulationService;
  stream: SimulationStreamDeps;
  streams: StreamSlots;
  tiers: TierLimitsTable;
  usage?: UsageRecorder | undefined;
  /** Authenticates the stream's credential again at each heartbeat. */
  authenticator: Authenticator;
  /** Where a resumed stream's replay waits for the engine (docs/api.md, "Engine work", "The engine's queue"); default no bound. */
  engineQueue?: EngineQueue | undefined;
}

export function eventHandlers(deps: EventHandlerDeps) {
  const stream: RouteHandler<EventRoutes['stream']> = async (c) => {
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const afterId = resumeAfterId(c.req.valid('header')['last-event-id'], query.lastEventId);
    const auth = c.get('auth');
    // 404 or 401 (another organization's simulation) before a slot is taken.
    const simulation = await deps.service.get(auth, id);
    const tier = auth.tier ?? 'free';
    // Resuming replays the history on the engine: it takes a place in the engine's queue first
    // (refused at once when full, nothing charged), given back once the replay has caught up
    // with the present (or failed, or the stream closed first), not held for the stream's life.
    const releaseEngine = afterId === undefined ? undefined : deps.engineQueue?.admit(queueingOrganization(auth));
    let opened: Awaited<ReturnType<typeof openSimulationStream>>;
    try {
      // Then it is weighed like a trace read, before a stream slot is taken.
      if (afterId !== undefined) await deps.service.admitReplay(workRequest(c), id, afterId);
      const limit = deps.tiers[tier].concurrentStreams;
      const release = await deps.streams.acquire(simulation.organizationId, limit);
      if (release === null) throw streamLimitError(tier, limit);
      try {
        opened = await openSimulationStream(deps.stream, id, afterId, release, c.req.raw.signal, {
          variant: tickVariant(query.agents, query.encoding),
          lag: query.lag,
          bytesPerSecond: deps.tiers[tier].streamBytesPerSecond,
          ...(releaseEngine === undefined ? {} : { onReplayEnd: releaseEngine }),
          recheck: credentialRecheck(deps.authenticator, requestCredentials(c), { scope: 'simulation:read', organizationId: simulation.organizationId }),
          abandon: () => incomingOf(c)?.socket.destroy(),
        });
      } catch (error) {
        release();
        throw error;
      }
      // Nothing to stream: the replay's place was given back by openSimulationStream.
      if (opened.kind !== 'stream') {
        release();
        if (opened.kind === 'missing') throw new ApiError(404, 'NOT_FOUND', `Simulation ${id} not found`);
        return streamed(new Response(null, { status: 204 }));
      }
    } catch (error) {
      releaseEngine?.();
      throw error;
    }
    countForCaller(deps.usage, c.get('auth'), 'sse');
    return streamed(new Response(cancelIfAbandoned(opened.stream, c.req.raw.signal), { status: 200, headers: SSE_HEADERS }));
  };
  return { stream };
}
