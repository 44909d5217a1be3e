import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { ErrorEnvelopeSchema, errorResponses } from '../../lib/error-envelope.js';
import { IdParamSchema } from '../../lib/id-param.js';
import { blankJsonBodyAsEmptyObject, EmptyBodySchema, optionalJson } from '../../lib/optional-body.js';
import { LastEventIdHeaderSchema, LastEventIdQuerySchema, streamLimitResponse } from '../../live/sse-response.js';
import { PROTECTED, type RouteGuards } from '../../http/route-guards.js';
import { json } from '../simulations/simulations.routes.js';
import { ListSimulationsQuerySchema } from '../simulations/simulation-schemas.js';
import { ExperimentBodySchema, ExperimentListSchema, ExperimentResultsSchema, ExperimentSchema, ExperimentStreamMessageSchema } from './experiment-schemas.js';

const tags = ['Experiments'];
const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 406: notAcceptable, 409: conflict, 413: tooLarge } = errorResponses;
const experiment = (description: string) => ({ description, content: { 'application/json': { schema: ExperimentSchema } } });

export const CSV = 'text/csv';
export const PARQUET = 'application/vnd.apache.parquet';

export function experimentRoutes(guards: RouteGuards, streamGuard: MiddlewareHandler[]) {
  return {
    submit: createRoute({
      method: 'post',
      path: '/v1/experiments',
      operationId: 'submitExperiment',
      tags,
      summary: 'Submit an experiment: a parameter sweep with replications, computed as a job',
      description:
        'Checked whole and weighed before anything is queued: every bad parameter path, value, range or metric is a 400 at its path. ' +
        'A simulation base is replayed to atTick first (weighed with the runs); another organization’s simulation is 401 as on the simulation routes, a failed one 409. ' +
        'Answers 202 with the queued experiment; follow it at `Location`, its events at `…/events`, its results at `…/results` (docs/api.md, "Experiments").',
      middleware: guards.create,
      security: PROTECTED,
      request: { body: json(ExperimentBodySchema) },
      responses: {
        202: {
          ...experiment('Accepted and queued; `Location` names the experiment'),
          headers: { Location: { schema: { type: 'string' as const }, description: '/v1/experiments/{id}' } },
        },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        409: conflict,
        413: tooLarge,
        429: {
          description: 'RATE_LIMITED: the organization has its tier’s number of experiments running and queued, or the compute window has too little left',
          content: { 'application/json': { schema: ErrorEnvelopeSchema } },
          headers: { 'Retry-After': { schema: { type: 'string' as const }, description: 'Seconds to wait' } },
        },
      },
    }),
    list: createRoute({
      method: 'get',
      path: '/v1/experiments',
      operationId: 'listExperiments',
      tags,
      summary: 'List the experiments the caller may access, newest first',
      middleware: guards.read,
      security: PROTECTED,
      request: { query: ListSimulationsQuerySchema },
      responses: {
        200: { description: 'A page of experiments', content: { 'application/json': { schema: ExperimentListSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
      },
    }),
    get: createRoute({
      method: 'get',
      path: '/v1/experiments/{id}',
      operationId: 'getExperiment',
      tags,
      summary: 'An experiment: status, runs done and total, times, estimated time left',
      middleware: guards.read,
      security: PROTECTED,
      request: { params: IdParamSchema },
      responses: { 200: experiment('The experiment'), 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound },
    }),
    cancel: createRoute({
      method: 'post',
      path: '/v1/experiments/{id}/cancel',
      operationId: 'cancelExperiment',
      tags,
      summary: 'Cancel an experiment; its finished runs are kept',
      description: 'When this answers, no further run of the experiment completes. An experiment that already finished is answered as it is.',
      middleware: [...guards.step, blankJsonBodyAsEmptyObject],
      security: PROTECTED,
      request: { params: IdParamSchema, body: optionalJson(EmptyBodySchema) },
      responses: { 200: experiment('The experiment, cancelled (or as it finished)'), 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound },
    }),
    results: createRoute({
      method: 'get',
      path: '/v1/experiments/{id}/results',
      operationId: 'getExperimentResults',
      tags,
      summary: 'Statistics per combination and metric, or every run as CSV or Parquet',
      description:
        'JSON (the default): per combination and metric the count, mean, standard deviation, 95% confidence interval, min, quartiles and max, and a content hash. ' +
        '`Accept: text/csv` or `Accept: application/vnd.apache.parquet`: one row per finished run (combination, each varied path, replication, seed, each metric).',
      middleware: guards.read,
      security: PROTECTED,
      request: { params: IdParamSchema },
      responses: {
        200: {
          description: 'The results',
          content: {
            'application/json': { schema: ExperimentResultsSchema },
            [CSV]: { schema: z.string().describe('RFC 4180 CSV with a header row') },
            [PARQUET]: { schema: z.string().openapi({ format: 'binary' }).describe('An Apache Parquet file') },
          },
        },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        406: notAcceptable,
        503: {
          description:
            'ENGINE_BUSY: the thread that makes results and exports off the event loop has its most tasks waiting (64); `details.retryAfter` says when to retry, in seconds',
          content: { 'application/json': { schema: ErrorEnvelopeSchema } },
        },
      },
    }),
    events: createRoute({
      method: 'get',
      path: '/v1/experiments/{id}/events',
      operationId: 'subscribeToExperimentEvents',
      tags,
      summary: 'Follow an experiment (Server-Sent Events): status changes and every finished run, with progress',
      description:
        'Each message has an `id:` (the event’s position in the experiment’s history), an `event:` name (`experiment:status` or `run`) and one `data:` line of JSON. ' +
        'Reconnecting with `Last-Event-ID` (or `?lastEventId=`) replays what came after it, then continues live. The stream ends after the status that finishes the experiment; ' +
        'a request with nothing left to send for a finished experiment is answered 204. Streams count against the organization’s open-stream limit.',
      middleware: streamGuard,
      security: PROTECTED,
      request: {
        params: IdParamSchema,
        query: z.object({ lastEventId: LastEventIdQuerySchema }),
        headers: LastEventIdHeaderSchema,
      },
      responses: {
        200: {
          description: 'The event stream (`text/event-stream`); the schema describes one message.',
          content: { 'text/event-stream': { schema: ExperimentStreamMessageSchema } },
        },
        204: { description: 'The experiment has finished and there is nothing after Last-Event-ID: do not reconnect' },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        429: streamLimitResponse,
      },
    }),
  };
}

export type ExperimentRoutes = ReturnType<typeof experimentRoutes>;
