import type { RouteHandler } from '@hono/zod-openapi';
import type { TierLimitsTable } from '../../identity/tier-limits.js';
import type { UsageRecorder } from '../../identity/usage-recorder.js';
import { openSimulationStream, type SimulationStreamDeps } from '../../live/simulation-stream.js';
import { tickVariant } from '../../live/tick-variant.js';
import type { StreamSlots } from '../../coordination/coordination.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import { streamed } from '../simulations/trace-response.js';
import { workRequest } from '../../work-budget/work-request.js';
import type { EventRoutes } from './events.routes.js';
import { ApiError } from '../../lib/api-error.js';
import { SSE_HEADERS, streamLimitError } from '../../live/sse-response.js';

export interface EventHandlerDeps {
  service: SimulationService;
  stream: SimulationStreamDeps;
  streams: StreamSlots;
  tiers: TierLimitsTable;
  usage?: UsageRecorder | undefined;
}

export function eventHandlers(deps: EventHandlerDeps) {
  const stream: RouteHandler<EventRoutes['stream']> = async (c) => {
    const { id } = c.req.valid('param');
    const header = c.req.valid('header')['last-event-id'];
    const query = c.req.valid('query');
    const raw = header ?? query.lastEventId;
    const afterId = raw === undefined ? undefined : Number(raw.trim());
    const auth = c.get('auth');
    // 404 or 401 (another organization's simulation) before a slot is taken.
    const simulation = await deps.service.get(auth, id);
    const tier = auth.tier ?? 'free';
    // Resuming replays the history from a checkpoint: weighed like a trace read, before a slot is taken.
    if (afterId !== undefined) await deps.service.admitReplay(workRequest(c), id, afterId);
    const limit = deps.tiers[tier].concurrentStreams;
    const release = await deps.streams.acquire(simulation.organizationId, limit);
    if (release === null) throw streamLimitError(tier, limit);
    let opened: Awaited<ReturnType<typeof openSimulationStream>>;
    try {
      opened = await openSimulationStream(deps.stream, id, afterId, release, c.req.raw.signal, {
        variant: tickVariant(query.agents, query.encoding),
        lag: query.lag,
        bytesPerSecond: deps.tiers[tier].streamBytesPerSecond,
      });
    } catch (error) {
      release();
      throw error;
    }
    if (opened.kind !== 'stream') {
      release();
      if (opened.kind === 'missing') throw new ApiError(404, 'NOT_FOUND', `Simulation ${id} not found`);
      return streamed(new Response(null, { status: 204 }));
    }
    deps.usage?.recordRequest(simulation.organizationId, 'sse');
    return streamed(new Response(opened.stream, { status: 200, headers: SSE_HEADERS }));
  };
  return { stream };
}
