import type { SimClient } from './create-sim-client.js';
import type { components, paths } from './generated/openapi.js';
import { readNdjson } from './read-ndjson.js';
import { SimApiError } from './sim-api-error.js';

export type TraceStep = components['schemas']['TraceStep'];
type TraceQuery = NonNullable<paths['/v1/simulations/{id}/trace']['get']['parameters']['query']>;

/**
 * A simulation's trace steps, streamed as NDJSON and yielded one by one (constant memory
 * however long the trace). Breaking out of the loop cancels the read, and with it the server's
 * replay. `fromTick`, `toTick` and `limit` select a range as in docs/api.md, "Trace pages": its
 * pages are read one after another, each from the last one's `X-Next-Cursor`, so every step
 * from `fromTick` to `toTick` (or the current tick) is yielded, `limit` steps a request.
 *
 * @example
 * for await (const step of traceSteps(client, id, { fromTick: 1000, toTick: 1099 })) console.log(step.tick, step.move);
 */
export async function* traceSteps(client: SimClient, simulationId: string, query: TraceQuery = {}): AsyncGenerator<TraceStep> {
  for (let page: TraceQuery | undefined = query; page !== undefined;) {
    const { response, error }: { response: Response; error?: unknown } = await client.GET('/v1/simulations/{id}/trace', {
      params: { path: { id: simulationId }, query: page },
      headers: { Accept: 'application/x-ndjson' },
      parseAs: 'stream',
    });
    // openapi-fetch has read an error's body already (parseAs applies to success only).
    if (!response.ok) throw SimApiError.fromBody(response, error);
    const next: string | null = response.headers.get('x-next-cursor');
    yield* readNdjson<TraceStep>(response);
    page = next === null ? undefined : { ...page, fromTick: Number(next) };
  }
}
