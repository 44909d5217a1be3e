import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../../lib/error-envelope.js';
import { IdParamSchema } from '../../lib/id-param.js';
import { PROTECTED, type RouteGuards } from '../../http/route-guards.js';
import { notModified } from '../../http/not-modified.js';
import {
  AgentPolicyBodySchema,
  CreateSimulationBodySchema,
  FromDomainBodySchema,
  ListSimulationsQuerySchema,
  OkSchema,
  PastStateSchema,
  RunBodySchema,
  RunResponseSchema,
  RunStreamLineSchema,
  SimulationPageSchema,
  SimulationSchema,
  StepBodySchema,
  StateAtParamsSchema,
  StepResponseSchema,
  TimeControlBodySchema,
  TraceQuerySchema,
  TraceReadSchema,
  TraceStepComponent,
} from './simulation-schemas.js';

const tags = ['Simulations'];
/** A required JSON request body of `schema`. */
export const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true as const });
/** The 201 of every route that creates a simulation (create, from-domain, run, fork). */
export const created = {
  description: 'Created; `Location` names the new simulation',
  headers: { Location: { schema: { type: 'string' as const }, description: '/v1/simulations/{id}' } },
  content: { 'application/json': { schema: SimulationSchema } },
};
const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 406: notAcceptable, 409: notActive, 413: tooLarge } = errorResponses;

/** The simulation routes; middleware comes from the app's guards so docs and enforcement agree. */
export function simulationRoutes(guards: RouteGuards) {
  return {
    create: createRoute({
      method: 'post',
      path: '/v1/simulations',
      operationId: 'createSimulation',
      tags,
      summary: 'Create a simulation from a pre-built or an inline scenario',
      middleware: guards.create,
      security: PROTECTED,
      request: { body: json(CreateSimulationBodySchema) },
      responses: { 201: created, 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 413: tooLarge },
    }),
    fromDomain: createRoute({
      method: 'post',
      path: '/v1/simulations/from-domain',
      operationId: 'createSimulationFromDomain',
      tags,
      summary: 'Create a simulation through a domain adapter',
      middleware: guards.create,
      security: PROTECTED,
      request: { body: json(FromDomainBodySchema) },
      responses: { 201: created, 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 413: tooLarge },
    }),
    run: createRoute({
      method: 'post',
      path: '/v1/simulations/run',
      operationId: 'runSimulation',
      tags,
      summary: 'Create a simulation, run it and return its trace',
      description:
        'With `Accept: application/x-ndjson` the trace streams as NDJSON while it is computed, in chunks each committed before its steps are sent: one TraceStep per line. ' +
        'A run that stops after its first byte (the engine failed: `INTERNAL_ERROR`; its client left or the server is stopping: `WORK_CANCELLED`; another request advanced, completed or failed the simulation meanwhile: `SIMULATION_CHANGED`, `SIMULATION_NOT_ACTIVE`) ' +
        'ends the body with one line holding the error envelope, `details.tick` the last tick committed; the simulation keeps its ticks up to there. ' +
        'The JSON representation is computed whole before it is answered. The simulation stays `idle` unless it completed (or failed).',
      middleware: guards.create,
      security: PROTECTED,
      request: { body: json(RunBodySchema) },
      responses: {
        201: {
          description: 'Created and run; `Location` names the new simulation',
          headers: { Location: { schema: { type: 'string' as const } } },
          content: {
            'application/json': { schema: RunResponseSchema },
            'application/x-ndjson': { schema: RunStreamLineSchema },
          },
        },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        406: notAcceptable,
        413: tooLarge,
      },
    }),
    list: createRoute({
      method: 'get',
      path: '/v1/simulations',
      operationId: 'listSimulations',
      tags,
      summary: 'List the simulations the caller may access, newest first',
      middleware: guards.read,
      security: PROTECTED,
      request: { query: ListSimulationsQuerySchema },
      responses: {
        200: { description: 'A page of simulations', content: { 'application/json': { schema: SimulationPageSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
      },
    }),
    get: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}',
      operationId: 'getSimulation',
      tags,
      summary: 'Get a simulation',
      description:
        'The answer carries an `ETag` of its bytes. A request whose `If-None-Match` names the current tag is answered `304` with no body: the simulation has not changed since.',
      middleware: [...guards.read, notModified],
      security: PROTECTED,
      request: { params: IdParamSchema },
      responses: {
        200: {
          description: 'The simulation',
          headers: { ETag: { schema: { type: 'string' as const }, description: 'A strong tag of these bytes, for If-None-Match' } },
          content: { 'application/json': { schema: SimulationSchema } },
        },
        304: {
          description: 'Not modified: `If-None-Match` names the current tag',
          headers: { ETag: { schema: { type: 'string' as const }, description: 'The current tag' } },
        },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
    step: createRoute({
      method: 'post',
      path: '/v1/simulations/{id}/step',
      operationId: 'stepSimulation',
      tags,
      summary: 'Advance a simulation',
      description: 'Concurrent steps of one simulation are serialized. `ticks` in the response is the number actually advanced.',
      middleware: guards.step,
      security: PROTECTED,
      request: { params: IdParamSchema, body: json(StepBodySchema) },
      responses: {
        200: { description: 'The new state', content: { 'application/json': { schema: StepResponseSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        409: notActive,
      },
    }),
    trace: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/trace',
      operationId: 'getTrace',
      tags,
      summary: 'The trace up to the current tick, whole or a page at a time',
      description:
        'Recomputed from the nearest checkpoint and the input log, streamed. With `Accept: application/x-ndjson`: one TraceStep per line. ' +
        'Without query parameters: every step from tick 1 to the current tick. With `fromTick`, `toTick` or `limit`: a page of at most `limit` ticks (default 100, at most 1000), ' +
        'its `page` object in the JSON body and the next page’s `fromTick` in the `X-Next-Cursor` header (absent on the last page, the only place NDJSON carries it). ' +
        'Pages concatenated equal the whole trace byte for byte. 400 when fromTick is after toTick or beyond the current tick; 404 before the first tick.',
      middleware: guards.engineRead,
      security: PROTECTED,
      request: { params: IdParamSchema, query: TraceQuerySchema },
      responses: {
        200: {
          description: 'The trace, or one page of it',
          headers: {
            'X-Next-Cursor': {
              schema: { type: 'integer' as const },
              description: 'The fromTick of the next page; absent on the last page and when no page was asked for',
            },
          },
          content: {
            'application/json': { schema: TraceReadSchema },
            'application/x-ndjson': { schema: TraceStepComponent },
          },
        },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        406: notAcceptable,
      },
    }),
    stateAt: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/states/{tick}',
      operationId: 'getStateAtTick',
      tags,
      summary: 'The state at any tick from 0 to the current one',
      description:
        'The engine state at `tick`, equal to the `state` of trace step `tick` (tick 0: the state before the first tick). Replayed from the nearest checkpoint and weighed by the work budget like a trace read. ' +
        'A tick beyond the current one is 400 `VALIDATION_ERROR` at `tick`.',
      middleware: guards.engineRead,
      security: PROTECTED,
      request: { params: StateAtParamsSchema },
      responses: {
        200: { description: 'The state at that tick', content: { 'application/json': { schema: PastStateSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
    agentPolicy: createRoute({
      method: 'put',
      path: '/v1/simulations/{id}/agent-policy',
      operationId: 'setAgentPolicy',
      tags,
      summary: 'Change an agent’s policy from the next tick on',
      middleware: guards.update,
      security: PROTECTED,
      request: { params: IdParamSchema, body: json(AgentPolicyBodySchema) },
      responses: {
        200: { description: 'Queued for the next tick', content: { 'application/json': { schema: OkSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        409: notActive,
      },
    }),
    timeControl: createRoute({
      method: 'put',
      path: '/v1/simulations/{id}/time-control',
      operationId: 'setTimeControl',
      tags,
      summary: 'Play, pause or step the simulation',
      description:
        'play: status playing, server-side clock at rules.ticksPerSecond × speed. pause: status paused (also from idle). step: exactly one tick; playback pauses.',
      middleware: guards.update,
      security: PROTECTED,
      request: { params: IdParamSchema, body: json(TimeControlBodySchema) },
      responses: {
        200: { description: 'Done', content: { 'application/json': { schema: OkSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        409: notActive,
      },
    }),
  };
}

export type SimulationRoutes = ReturnType<typeof simulationRoutes>;
