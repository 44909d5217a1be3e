import type { Context } from 'hono';
import { queueingOrganization, releasedWithBody, type EngineQueue } from '../../http/engine-queue.js';
import type { ResponseReference, StreamEndError } from '../../idempotency/idempotency-store.js';
import { NDJSON, streamPieces } from '../../lib/chunked-stream.js';
import { envelope } from '../../lib/error-envelope.js';
import type { RunLines } from '../../simulations/run-chunks.js';
import type { RunProgress, SimulationService, TraceStream } from '../../simulations/simulation-service.js';
import { workRequest } from '../../work-budget/work-request.js';
import { ndjsonLines, traceResponse } from './trace-response.js';

/**
 * `run`'s 201: its trace in the representation `accept` asks for, with the simulation's Location.
 * `end`: the error line an NDJSON body ends with when the run stopped early (docs/api.md, "Run as a stream").
 */
export function runResponse(trace: TraceStream, accept: string | undefined, simulationId: string, end?: () => StreamEndError | undefined): Response {
  return traceResponse(trace, accept, { status: 201, headers: { Location: `/v1/simulations/${simulationId}` }, runEnvelope: true, end });
}

/** A streamed run's 201 (docs/api.md, "Run as a stream"): its lines as the engine's thread wrote them, then `end`'s error line if it stopped early. */
export function streamedRunResponse(run: RunLines, end: () => StreamEndError | undefined): Response {
  return new Response(streamPieces(ndjsonLines(run.lines, end), run.onClose), {
    status: 201,
    headers: { Location: `/v1/simulations/${run.simulationId}`, 'Content-Type': `${NDJSON}; charset=utf-8` },
  });
}

/**
 * The last line of a streamed run's body, as it stands: none when the run computed every tick it
 * could, else the error envelope's `error` with the stop's code and message, `details.tick` the
 * last tick committed, and the id of the request that ran it (the line is part of the body, so
 * a replay of the body repeats it byte for byte).
 */
export function runEnd(progress: RunProgress, requestId: string): () => StreamEndError | undefined {
  return () => {
    const stop = progress.stop();
    return stop === undefined ? undefined : envelope(stop.code, stop.message, { tick: stop.tick }, requestId).error;
  };
}

/**
 * Regenerates a `run` body stored by reference under an Idempotency-Key: the same trace of the
 * same simulation, in the same representation, with the same last line, byte for byte
 * (docs/api.md, "Idempotency"). It is a replay through the engine, so it waits in the engine's
 * queue like a trace read, its place held until the body has been read
 * (docs/api.md, "Engine work", "The engine's queue").
 */
export function reproduceRunResponse(
  service: SimulationService,
  queue: EngineQueue,
): (c: Context, reference: ResponseReference) => Promise<ReadableStream<Uint8Array>> {
  return async (c, reference) => {
    const release = queue.admit(queueingOrganization(c.get('auth')));
    try {
      const trace = await service.runTrace(workRequest(c), reference.simulationId, reference.untilTick);
      const end = reference.end;
      const accept = reference.format === 'ndjson' ? 'application/x-ndjson' : 'application/json';
      const body = runResponse(trace, accept, reference.simulationId, end === undefined ? undefined : () => end).body;
      if (body === null) throw new Error('a run trace without a body');
      return releasedWithBody(body, release);
    } catch (error) {
      release();
      throw error;
    }
  };
}
