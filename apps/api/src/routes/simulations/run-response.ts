import type { Context } from 'hono';
import { queueingOrganization, releasedWithBody, type EngineQueue } from '../../http/engine-queue.js';
import type { ResponseReference } from '../../idempotency/idempotency-store.js';
import type { SimulationService, TraceStream } from '../../simulations/simulation-service.js';
import { workRequest } from '../../work-budget/work-request.js';
import { traceResponse } from './trace-response.js';

/** `run`'s 201: its trace in the representation `accept` asks for, with the simulation's Location. */
export function runResponse(trace: TraceStream, accept: string | undefined, simulationId: string): Response {
  return traceResponse(trace, accept, { status: 201, headers: { Location: `/v1/simulations/${simulationId}` }, runEnvelope: true });
}

/**
 * Regenerates a `run` body stored by reference under an Idempotency-Key: the same trace of the
 * same simulation, in the same representation, byte for byte (docs/api.md, "Idempotency"). It is
 * a replay through the engine, so it waits in the engine's queue like a trace read, its place held
 * until the body has been read (docs/api.md, "Engine work", "The engine's queue").
 */
export function reproduceRunResponse(
  service: SimulationService,
  queue: EngineQueue,
): (c: Context, reference: ResponseReference) => Promise<ReadableStream<Uint8Array>> {
  return async (c, reference) => {
    const release = queue.admit(queueingOrganization(c.get('auth')));
    try {
      const trace = await service.runTrace(workRequest(c), reference.simulationId, reference.untilTick);
      const body = runResponse(trace, reference.format === 'ndjson' ? 'application/x-ndjson' : 'application/json', reference.simulationId).body;
      if (body === null) throw new Error('a run trace without a body');
      return releasedWithBody(body, release);
    } catch (error) {
      release();
      throw error;
    }
  };
}
