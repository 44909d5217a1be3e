import type { Context } from 'hono';
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
 * same simulation, in the same representation, byte for byte (docs/api.md, "Idempotency").
 */
export function reproduceRunResponse(service: SimulationService): (c: Context, reference: ResponseReference) => Promise<ReadableStream<Uint8Array>> {
  return async (c, reference) => {
    const trace = await service.runTrace(workRequest(c), reference.simulationId, reference.untilTick);
    const body = runResponse(trace, reference.format === 'ndjson' ? 'application/x-ndjson' : 'application/json', reference.simulationId).body;
    if (body === null) throw new Error('a run trace without a body');
    return body;
  };
}
