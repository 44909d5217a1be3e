import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorResponses } from '../../lib/error-envelope.js';
import { IdParamSchema } from '../../lib/id-param.js';
import { LastEventIdHeaderSchema, LastEventIdQuerySchema, streamLimitResponse } from '../../live/sse-response.js';
import { PROTECTED } from '../../http/route-guards.js';
import {
  DecreeEventDataSchema,
  DegradedEventDataSchema,
  PackedTickEventDataSchema,
  TickAggregatesEventDataSchema,
  ErrorEventDataSchema,
  LossEventDataSchema,
  ParadoxEventDataSchema,
  ProphecyEventDataSchema,
  StatusEventDataSchema,
  TickEventDataSchema,
  WarningEventDataSchema,
} from '../../live/event-payloads.js';
import { AgentsParamSchema, EncodingParamSchema, LagParamSchema } from '../../live/tick-variant.js';

const message = <N extends string, D extends z.ZodType>(name: N, data: D) =>
  z.object({ id: z.string().describe('Position in the simulation’s history; increases per simulation'), event: z.literal(name), data });

/**
 * One SSE message, described as an object for the document: on the wire it is the lines
 * `id: …`, `event: …`, `data: <JSON>` and a blank line.
 */
export const SseMessageSchema = z
  .discriminatedUnion('event', [
    message(
      'tick',
      z
        .union([TickEventDataSchema, PackedTickEventDataSchema, TickAggregatesEventDataSchema])
        .describe('TickEvent by default (and with agents=N); PackedTickEvent with encoding=packed; TickAggregatesEvent with agents=none'),
    ),
    message('loss', LossEventDataSchema),
    message('warning', WarningEventDataSchema),
    message('paradox', ParadoxEventDataSchema),
    message('decree', DecreeEventDataSchema),
    message('prophecy', ProphecyEventDataSchema),
    message('simulation:status', StatusEventDataSchema),
    z.object({
      id: z.string().optional().describe('Present for SIMULATION_FAILED; absent for SLOW_CONSUMER, UNAUTHORIZED and FORBIDDEN'),
      event: z.literal('error'),
      data: ErrorEventDataSchema,
    }),
    z.object({ event: z.literal('degraded'), data: DegradedEventDataSchema }).describe('Once, when a lag=skip stream (the default) first falls behind; no id'),
    z.object({ event: z.literal('heartbeat'), data: z.literal('').describe('Empty: the line is `data:`') }).describe('Every 30 s; no id'),
  ])
  .openapi('SimulationEventMessage');

const streamDescription = [
  'A Server-Sent Events stream of the simulation’s activity. The stream opens with `retry: <ms>`; each message then has an `id:` (except heartbeats, `degraded` and the errors that close a stream), an `event:` name and one `data:` line of JSON.',
  '',
  '- `tick`: every computed tick (step requests, playback, time-control step), `{ t, b, lastMove, state, warning, agents }`; `b` is the stability measure.',
  '- `loss`, `warning`, `paradox`: as the engine reports them; `decree`: when a decree is applied (the tick after it was submitted); `prophecy`: when stored.',
  '- `simulation:status`: every status change (idle → playing ⇄ paused → completed | failed); `error`: the simulation failed.',
  '- `heartbeat`: every 30 s, no id, an empty `data:` line.',
  '',
  '**Credentials.** At each heartbeat the credential the stream opened with is authenticated again. A key revoked, or a JWT expired, since it opened ends the stream with `event: error` `{"code":"UNAUTHORIZED","message"}` (no id); a reconnect with it is refused as a new request would be.',
  '',
  '**Choosing what a stream carries** (docs/api.md, "Events", "Choosing what a stream carries"). `agents=all` (default) | `none` (the aggregates only: stability, centroid and basins are in `state`) | `N` (1…10 000: a deterministic sample, the N agents whose id has the smallest FNV-1a hash, the same every tick). `encoding=json` (default: agent objects) | `packed` (`packed: { format: "q16", count, scale, roster, ids, xy, basin, basinBytes }`: x and y as little-endian uint16 = coordinate × scale in the base64 column `xy`, the basin as an index into `state.attractors` in `basin`, 255 for none; `ids` on key frames only, null when the roster is unchanged since the last frame). Decoding, in JavaScript: `const v = new DataView(Uint8Array.from(atob(p.xy), (c) => c.charCodeAt(0)).buffer); x_i = v.getUint16(4 * i, true) / p.scale; y_i = v.getUint16(4 * i + 2, true) / p.scale`. Without parameters the tick event is exactly `{ t, b, lastMove, state, warning, agents }`. Each variant is encoded once per tick and shared by its subscribers.',
  '',
  '**Ids and resuming.** The id of a message is its position in the simulation’s history, counting every tick and every stored record; ids only increase. Reconnecting with `Last-Event-ID` (or `?lastEventId=`) replays everything after that id (stored events from storage, ticks recomputed deterministically), then continues live; this works for the whole life of the simulation. Without it the stream starts at the present. `lastEventId=0` replays from the first tick. The replay waits in the engine’s queue until it has caught up: when the queue is full the stream is refused at once (429 with `details.routeClass: "engine"` and `Retry-After: 1`, or 503 `ENGINE_BUSY` with `details.retryAfter: 1`).',
  '',
  '**End.** After the final `simulation:status` (completed or failed) the server closes the stream; a request with nothing left to send answers 204, which tells an EventSource to stop reconnecting.',
  '',
  '**Slow clients** (docs/api.md, "Events", "Several subscribers, slow subscribers"). Two hard bounds on the bytes the server holds for clients, whatever the encoding and `lag`: **per stream** 4 MiB and 4096 messages (queued, or handed to the socket and not yet taken), plus the one tick a degraded stream is sending; **per server process** 128 MiB for all its streams together (`SIM_SSE_PROCESS_QUEUE_BYTES`), a tick shared by several streams counted once; ticks may fill 7/8 of it, the rest is kept for other events. Producing a tick never waits for a client. `lag=skip` (default): past a bound the stream stays open and live; the ticks still queued are dropped, one `event: degraded` (no id, `{"code":"SLOW_CONSUMER","bound":"stream"|"process"}`) says so, and from then on only the newest unsent tick waits (a packed tick after a gap is a key frame); other events are never dropped (if they alone pass a bound, the stream is closed as with drop). `lag=drop`: past a bound the stream receives `retry: <ms>` and `event: error` `{"code":"SLOW_CONSUMER","bound","retryAfter"}` (no id) and closes; `retryAfter` (seconds) is the stream\'s own retry for `stream`, at least 10 s for `process`; reconnecting with Last-Event-ID then resumes without loss. Writes to all streams are spread over turns of the event loop (at most 256 KiB per turn), so requests are not held up behind a fan-out.',
  '',
  '**Limits.** Open streams per organization: free 2, pro 20, enterprise 200; over the limit 429 RATE_LIMITED with `Retry-After: 5`. Each stream is sent at most free 1 MiB/s, pro 4 MiB/s, enterprise 16 MiB/s (per organization: 2, 80 and 3 200 MiB/s); a stream that produces more falls behind as above. Closing a stream frees its slot at once. Streams do not count against the per-minute read limit.',
].join('\n');

const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound } = errorResponses;

/** A stream refused: too many open, or (resuming) the engine's queue full. */
const tooMany = {
  ...streamLimitResponse,
  description:
    'RATE_LIMITED: the organization has its tier’s number of streams open (`Retry-After: 5`), or, for a stream resumed with Last-Event-ID, ' +
    'its most engine requests under way (`details.routeClass: "engine"`, `Retry-After: 1`; docs/api.md, "Engine work", "The engine\'s queue")',
  headers: { 'Retry-After': { schema: { type: 'string' as const }, description: 'Seconds: 5 for the streams, 1 for the engine’s queue' } },
};

export function eventRoutes(guard: MiddlewareHandler[]) {
  return {
    stream: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/events',
      operationId: 'subscribeToSimulationEvents',
      tags: ['Events'],
      summary: 'Subscribe to the simulation’s events (Server-Sent Events)',
      description: streamDescription,
      middleware: guard,
      security: PROTECTED,
      request: {
        params: IdParamSchema,
        query: z.object({
          agents: AgentsParamSchema.optional().openapi({
            param: { name: 'agents', in: 'query' },
            description: 'Agents in each tick: all (default), none (aggregates only), or N, a deterministic sample of N agents (the same every tick)',
          }),
          encoding: EncodingParamSchema.optional().openapi({
            param: { name: 'encoding', in: 'query' },
            description: 'json (default): agent objects; packed: quantized positions and basins in base64 columns (see the description)',
          }),
          lag: LagParamSchema.optional().openapi({
            param: { name: 'lag', in: 'query' },
            description:
              'When this stream falls behind a bound: skip (default; stays open and live, a degraded event, then only the newest tick waits) or drop (closed with SLOW_CONSUMER and a retry delay, resume with Last-Event-ID)',
          }),
          lastEventId: LastEventIdQuerySchema,
        }),
        headers: LastEventIdHeaderSchema,
      },
      responses: {
        200: {
          description: 'The event stream (`text/event-stream`); the schema describes one message.',
          content: { 'text/event-stream': { schema: SseMessageSchema } },
        },
        204: { description: 'The simulation has completed or failed and there is nothing after Last-Event-ID: do not reconnect' },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        429: tooMany,
      },
    }),
  };
}

export type EventRoutes = ReturnType<typeof eventRoutes>;
