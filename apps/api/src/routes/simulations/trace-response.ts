import { NDJSON, streamPieces, wantsNdjson } from '../../lib/chunked-stream.js';
import type { StreamEndError } from '../../idempotency/idempotency-store.js';
import type { TraceStream } from '../../simulations/simulation-service.js';

/** One step per line; then, when `end` gives one, the error line a streamed run that stopped early ends with. */
export async function* ndjsonLines(
  steps: AsyncIterable<Uint8Array>,
  end: (() => StreamEndError | undefined) | undefined,
): AsyncGenerator<string | Uint8Array, void, void> {
  yield* steps;
  const last = endLine(end);
  if (last !== undefined) yield last;
}

/** The error line a streamed run that stopped early ends with, when `end` gives one. */
function endLine(end: (() => StreamEndError | undefined) | undefined): string | undefined {
  const error = end?.();
  return error === undefined ? undefined : `${JSON.stringify({ error })}\n`;
}

/** `{"metadata":…,"initialState":…,"steps":[…]}`, written step by step (each line without its newline), optionally wrapped. */
async function* traceJson(trace: TraceStream, wrap?: { before: string; after: string }): AsyncGenerator<string | Uint8Array, void, void> {
  yield `${wrap?.before ?? ''}{"metadata":${JSON.stringify(trace.metadata)},"initialState":${JSON.stringify(trace.initialState)},"steps":[`;
  let first = true;
  for await (const line of trace.steps) {
    if (!first) yield ',';
    yield line.subarray(0, line.length - 1);
    first = false;
  }
  yield `]${trace.page === undefined ? '' : `,"page":${JSON.stringify(trace.page)}`}}${wrap?.after ?? ''}`;
}

/**
 * The trace as a streamed response: NDJSON (one TraceStep per line) when the caller's Accept
 * asks for it, otherwise the Trace JSON object (for run, inside `{ simulationId, engineVersion, trace }`).
 * Steps are computed while the body is read, so memory stays flat.
 */
/**
 * zod-openapi types handler results by the route's JSON schema; a streamed body cannot carry
 * that type, so it is returned as `never` (the route's document still describes both media types).
 */
export const streamed = (response: Response): never => response as never;

export function traceResponse(
  trace: TraceStream,
  accept: string | undefined,
  options: { status: 200 | 201; headers?: Record<string, string>; runEnvelope: boolean; end?: (() => StreamEndError | undefined) | undefined },
): Response {
  const headers = new Headers(options.headers);
  if (wantsNdjson(accept)) {
    headers.set('Content-Type', `${NDJSON}; charset=utf-8`);
    return new Response(streamPieces(ndjsonLines(trace.steps, options.end), trace.onClose), { status: options.status, headers });
  }
  headers.set('Content-Type', 'application/json; charset=utf-8');
  const wrap = options.runEnvelope
    ? { before: `{"simulationId":${JSON.stringify(trace.simulationId)},"engineVersion":${JSON.stringify(trace.engineVersion)},"trace":`, after: '}' }
    : undefined;
  return new Response(streamPieces(traceJson(trace, wrap), trace.onClose), { status: options.status, headers });
}
