import type { RouteHandler } from '@hono/zod-openapi';
import type { ScenarioInput } from '@sim/engine';
import type { TierLimitsTable } from '../../identity/tier-limits.js';
import type { AuthContext, Authenticator } from '../../identity/auth-context.js';
import type { UsageRecorder } from '../../identity/usage-recorder.js';
import { credentialRecheck } from '../../identity/credential-recheck.js';
import { requestCredentials } from '../../identity/request-credentials.js';
import { chooseMediaType } from '../../lib/content-negotiation.js';
import type { ExperimentRequest } from '../../experiments/experiment-plan.js';
import type { ExperimentService } from '../../experiments/experiment-service.js';
import { openExperimentStream, type ExperimentStreamDeps } from '../../experiments/experiment-stream.js';
import type { StreamSlots } from '../../coordination/coordination.js';
import { workRequest } from '../../work-budget/work-request.js';
import { notFound } from '../../lib/api-error.js';
import { incomingOf } from '../../lib/request-header.js';
import { countForCaller } from '../../http/count-requests.js';
import type { ExperimentOutputs } from '../request-thread/experiment-output.js';
import type { ResultsFormat } from '../../experiments/results-answer.js';
import { organizationFilter } from '../organization-filter.js';
import { streamed } from '../simulations/trace-response.js';
import { CSV, PARQUET, type ExperimentRoutes } from './experiments.routes.js';
import { resumeAfterId, SSE_HEADERS, streamLimitError } from '../../live/sse-response.js';
import { cancelIfAbandoned } from '../../live/cancel-if-abandoned.js';

type Handler<K extends keyof ExperimentRoutes> = RouteHandler<ExperimentRoutes[K]>;

/** What results answer in: JSON by default, a table on request (docs/api.md, "Content negotiation"). */
const RESULT_MEDIA_TYPES = ['application/json', CSV, PARQUET] as const;

export interface ExperimentHandlerDeps {
  service: ExperimentService;
  stream: ExperimentStreamDeps;
  streams: StreamSlots;
  tiers: TierLimitsTable;
  /** Authenticates a stream's credential again at each heartbeat. */
  authenticator: Authenticator;
  /** Counts an opened stream in `GET /v1/usage` (`requests.sse`). */
  usage?: UsageRecorder | undefined;
  /** Makes results and exports off the event loop; left out, the service makes them here. */
  output?: ExperimentOutputs | undefined;
}

export const experimentLocation = (id: string): string => `/v1/experiments/${id}`;

/** The base as the plan takes it; the schema guarantees exactly one of the four (with input for a domain, atTick for a simulation). */
function baseOf(base: {
  scenarioId?: string | undefined;
  scenario?: ScenarioInput | undefined;
  domain?: string | undefined;
  input?: Record<string, unknown> | undefined;
  simulation?: string | undefined;
  atTick?: number | undefined;
}): ExperimentRequest['base'] {
  if (base.scenarioId !== undefined) return { scenarioId: base.scenarioId };
  if (base.scenario !== undefined) return { scenario: base.scenario };
  if (base.simulation !== undefined) return { simulation: base.simulation, atTick: base.atTick ?? 0 };
  return { domain: base.domain ?? '', input: base.input ?? {} };
}

export function experimentHandlers(deps: ExperimentHandlerDeps) {
  const { service } = deps;

  const submit: Handler<'submit'> = async (c) => {
    const body = c.req.valid('json');
    const view = await service.submit(workRequest(c), { ...body, base: baseOf(body.base) });
    c.header('Location', experimentLocation(view.id));
    return c.json(view, 202);
  };

  const list: Handler<'list'> = async (c) => {
    const query = c.req.valid('query');
    const auth = c.get('auth');
    const page = await service.list(auth, { limit: query.limit, offset: query.offset, organizationId: organizationFilter(auth, query.organizationId) });
    return c.json({ data: page.items, pagination: { limit: query.limit, offset: query.offset, total: page.total } }, 200);
  };

  const get: Handler<'get'> = async (c) => c.json(await service.get(c.get('auth'), c.req.valid('param').id), 200);

  const cancel: Handler<'cancel'> = async (c) => c.json(await service.cancel(c.get('auth'), c.req.valid('param').id), 200);

  const results: Handler<'results'> = async (c) => {
    const { id } = c.req.valid('param');
    const type = chooseMediaType(c.req.header('accept'), RESULT_MEDIA_TYPES);
    const format = type === 'application/json' ? 'json' : type === PARQUET ? 'parquet' : 'csv';
    const body = deps.output === undefined ? await service.results(c.get('auth'), id, format) : await resultsThere(deps.output, c.get('auth'), id, format);
    if (format === 'json') return streamed(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const headers =
      format === 'parquet'
        ? { 'Content-Type': PARQUET, 'Content-Disposition': `attachment; filename="experiment-${id}.parquet"` }
        : { 'Content-Type': `${CSV}; charset=utf-8`, 'Content-Disposition': `attachment; filename="experiment-${id}.csv"` };
    return streamed(new Response(body, { status: 200, headers }));
  };

  /** Results or an export made on the request thread, which reads the runs itself, once the caller may see them. */
  async function resultsThere(output: ExperimentOutputs, auth: AuthContext, id: string, format: ResultsFormat): Promise<string | Uint8Array> {
    await service.assertAccessible(auth, id);
    const body = await output(id, format);
    if (body === undefined) throw notFound(`Experiment ${id} not found`);
    return body;
  }

  const events: Handler<'events'> = async (c) => {
    const { id } = c.req.valid('param');
    const afterId = resumeAfterId(c.req.valid('header')['last-event-id'], c.req.valid('query').lastEventId);
    const auth = c.get('auth');
    // 404 or 401 before a slot is taken.
    const record = await service.accessible(auth, id);
    const tier = auth.tier ?? 'free';
    const limit = deps.tiers[tier].concurrentStreams;
    const release = await deps.streams.acquire(record.organizationId, limit);
    if (release === null) throw streamLimitError(tier, limit);
    const recheck = credentialRecheck(deps.authenticator, requestCredentials(c), { scope: 'simulation:read', organizationId: record.organizationId });
    const opened = openExperimentStream(deps.stream, record, afterId, release, recheck, () => incomingOf(c)?.socket.destroy());
    if (opened.kind === 'finished') {
      release();
      return streamed(new Response(null, { status: 204 }));
    }
    countForCaller(deps.usage, auth, 'sse');
    return streamed(new Response(cancelIfAbandoned(opened.stream, c.req.raw.signal), { status: 200, headers: SSE_HEADERS }));
  };

  return { submit, list, get, cancel, results, events };
}
