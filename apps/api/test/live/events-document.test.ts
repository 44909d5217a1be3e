import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLiveServer, type LiveServer } from './support/live-server.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
});

describe('the events route in the OpenAPI description', () => {
  it('documents a text/event-stream response with every event’s data schema, 204 and the 429', async () => {
    const doc = (await (await server.call('/v1/openapi.json')).json()) as any;
    const get = doc.paths['/v1/simulations/{id}/events'].get;
    expect(get.security).toEqual([{ ApiKeyAuth: [] }, { BearerAuth: [] }]);
    expect(get.description).toContain('Last-Event-ID');
    expect(get.responses['200'].content['text/event-stream'].schema.$ref).toBe('#/components/schemas/SimulationEventMessage');
    expect(Object.keys(get.responses)).toEqual(expect.arrayContaining(['200', '204', '400', '401', '403', '404', '429']));
    expect(get.responses['429'].headers['Retry-After']).toBeDefined();
    const names = doc.components.schemas.SimulationEventMessage.oneOf.map((variant: any) => variant.properties.event.enum[0]);
    expect(names.sort()).toEqual(['decree', 'degraded', 'error', 'heartbeat', 'loss', 'paradox', 'prophecy', 'simulation:status', 'tick', 'warning']);
    for (const name of [
      'TickEvent',
      'PackedTickEvent',
      'TickAggregatesEvent',
      'PackedAgents',
      'DegradedEvent',
      'LossEvent',
      'WarningEvent',
      'ParadoxEvent',
      'DecreeEvent',
      'ProphecyEvent',
      'SimulationStatusEvent',
      'ErrorEvent',
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.TickEvent.properties)).toEqual(['t', 'b', 'lastMove', 'state', 'warning', 'agents']);
    expect(doc.components.schemas.TickEvent.properties.b.description).toContain('Stability');
    // The variants a subscriber chooses: documented parameters, the packed format with its decoding.
    const params = Object.fromEntries(get.parameters.map((p: any) => [p.name, p]));
    expect(params.agents.in).toBe('query');
    expect(params.encoding.schema.enum).toEqual(['json', 'packed']);
    expect(params.lag.schema.enum).toEqual(['drop', 'skip']);
    expect(get.description).toContain('getUint16');
    expect(Object.keys(doc.components.schemas.PackedTickEvent.properties)).toEqual(['t', 'b', 'lastMove', 'state', 'warning', 'packed']);
    expect(Object.keys(doc.components.schemas.TickAggregatesEvent.properties)).toEqual(['t', 'b', 'lastMove', 'state', 'warning']);
  });
});

describe('the events route’s query', () => {
  it('is a 400 at the name of an unknown parameter, and at a malformed variant', async () => {
    const created = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    const { id } = (await created.json()) as { id: string };
    for (const [query, at] of [
      ['?agent=none', 'agent'],
      ['?agents=some', 'agents'],
      ['?agents=0', 'agents'],
      ['?agents=10001', 'agents'],
      ['?encoding=msgpack', 'encoding'],
      ['?lag=wait', 'lag'],
    ] as const) {
      const res = await server.call(`/v1/simulations/${id}/events${query}`, { key: 'key-a' });
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as any;
      expect(body.error.code).toBe('VALIDATION_ERROR');
      expect(
        body.error.details.issues.map((i: any) => i.path),
        query,
      ).toEqual([at]);
    }
  });
});
