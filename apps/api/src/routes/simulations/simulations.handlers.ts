import type { RouteHandler } from '@hono/zod-openapi';
import { TRACE_MEDIA_TYPES } from '../../lib/chunked-stream.js';
import { chooseMediaType } from '../../lib/content-negotiation.js';
import { jsonOnce } from '../../http/json-once.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import type { ScenarioSource } from '../../simulations/scenario-source.js';
import { organizationFilter } from '../organization-filter.js';
import type { SimulationRoutes } from './simulations.routes.js';
import { workRequest } from '../../work-budget/work-request.js';
import { streamed, traceResponse } from './trace-response.js';
import { runEnd, runResponse, streamedRunResponse } from './run-response.js';
import { markReproducible } from '../../idempotency/response-reference.js';
import { fieldWrittenElsewhere } from '../../lib/off-loop-json.js';
import { writtenElsewhere } from '../../engine-data/scenario-json.js';
import { wantsNdjson } from '../../lib/chunked-stream.js';

type Handler<K extends keyof SimulationRoutes> = RouteHandler<SimulationRoutes[K]>;

/** The `Location` of a simulation a route created. */
export const location = (id: string): string => `/v1/simulations/${id}`;

/** Picks the one source the body names (the schema guarantees exactly one). */
function sourceOf(body: { scenarioId?: string | undefined; scenario?: unknown; domain?: string | undefined; input?: unknown }): ScenarioSource {
  if (body.scenarioId !== undefined) return { scenarioId: body.scenarioId };
  if (body.domain !== undefined) return { domain: body.domain, input: body.input };
  const scenario = body.scenario as Extract<ScenarioSource, { scenario: unknown }>['scenario'];
  // A long body's scenario was written as JSON on the request thread: it is not written again here.
  const written = fieldWrittenElsewhere(body, 'scenario');
  if (written !== undefined) writtenElsewhere(scenario, written);
  return { scenario };
}

export function simulationHandlers(service: SimulationService) {
  const create: Handler<'create'> = async (c) => {
    const body = c.req.valid('json');
    const view = await service.create(workRequest(c), { source: sourceOf(body), organizationId: body.organizationId, engineVersion: body.engineVersion });
    c.header('Location', location(view.id));
    return c.json(view, 201);
  };

  const fromDomain: Handler<'fromDomain'> = async (c) => {
    const body = c.req.valid('json');
    const view = await service.create(workRequest(c), {
      source: { domain: body.domain, input: body.input },
      organizationId: body.organizationId,
      engineVersion: body.engineVersion,
    });
    c.header('Location', location(view.id));
    return c.json(view, 201);
  };

  const run: Handler<'run'> = async (c) => {
    // 406 before anything is created or computed.
    chooseMediaType(c.req.header('accept'), TRACE_MEDIA_TYPES);
    const body = c.req.valid('json');
    const input = { source: sourceOf(body), organizationId: body.organizationId, engineVersion: body.engineVersion, ticks: body.ticks };
    const accept = c.req.header('accept');
    if (wantsNdjson(accept)) {
      // Streamed as it computes (docs/api.md, "Run as a stream"): the reference that reproduces a
      // long answer is taken when the body ends, with the last tick the run committed.
      const { simulation, run, progress } = await service.runStreamed(workRequest(c), input);
      const end = runEnd(progress, c.get('requestId') ?? '');
      markReproducible(c, () => {
        const error = end();
        return { kind: 'run-trace', simulationId: simulation.id, untilTick: progress.tick, format: 'ndjson', ...(error === undefined ? {} : { end: error }) };
      });
      return streamed(streamedRunResponse(run, end));
    }
    const { simulation, trace } = await service.run(workRequest(c), input);
    // A long answer is kept under its Idempotency-Key as what reproduces it, not as its bytes.
    markReproducible(c, { kind: 'run-trace', simulationId: simulation.id, untilTick: simulation.state.tick, format: 'json' });
    return streamed(runResponse(trace, accept, simulation.id));
  };

  const list: Handler<'list'> = async (c) => {
    const query = c.req.valid('query');
    const organizationId = organizationFilter(c.get('auth'), query.organizationId);
    const page = await service.list(c.get('auth'), { limit: query.limit, offset: query.offset, organizationId });
    return c.json({ data: page.items, pagination: { limit: query.limit, offset: query.offset, total: page.total } }, 200);
  };

  const get: Handler<'get'> = async (c) => jsonOnce(c, await service.get(c.get('auth'), c.req.valid('param').id), 200, { tagged: true });

  const step: Handler<'step'> = async (c) => c.json(await service.step(workRequest(c), c.req.valid('param').id, c.req.valid('json').ticks), 200);

  const trace: Handler<'trace'> = async (c) => {
    chooseMediaType(c.req.header('accept'), TRACE_MEDIA_TYPES);
    const stream = await service.trace(workRequest(c), c.req.valid('param').id, c.req.valid('query'));
    const next = stream.page?.nextCursor ?? null;
    return streamed(
      traceResponse(stream, c.req.header('accept'), {
        status: 200,
        runEnvelope: false,
        ...(next === null ? {} : { headers: { 'X-Next-Cursor': String(next) } }),
      }),
    );
  };

  const stateAt: Handler<'stateAt'> = async (c) => {
    const { id, tick } = c.req.valid('param');
    return c.json(await service.stateAt(workRequest(c), id, tick), 200);
  };

  const agentPolicy: Handler<'agentPolicy'> = async (c) => {
    const body = c.req.valid('json');
    await service.setAgentPolicy(c.get('auth'), c.req.valid('param').id, body.agentId, body.policy);
    return c.json({ ok: true as const }, 200);
  };

  const timeControl: Handler<'timeControl'> = async (c) => {
    const body = c.req.valid('json');
    await service.timeControl(workRequest(c), c.req.valid('param').id, body.action, body.speed);
    return c.json({ ok: true as const }, 200);
  };

  return { create, fromDomain, run, list, get, step, trace, stateAt, agentPolicy, timeControl };
}
