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
    expect(names.sort()).toEqual(['decree', 'error', 'heartbeat', 'loss', 'paradox', 'prophecy', 'simulation:status', 'tick', 'warning']);
    for (const name of ['TickEvent', 'LossEvent', 'WarningEvent', 'ParadoxEvent', 'DecreeEvent', 'ProphecyEvent', 'SimulationStatusEvent', 'ErrorEvent']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas.TickEvent.properties)).toEqual(['t', 'b', 'lastMove', 'state', 'warning', 'agents']);
    expect(doc.components.schemas.TickEvent.properties.b.description).toContain('Stability');
  });
});
