import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_A, ORG_B } from '../helpers/test-authenticator.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
/** Each request counted for `GET /v1/usage`: the organization and the class. */
const counted: Array<[string, string]> = [];

beforeAll(async () => {
  server = await startTestServer({
    usage: { recordRequest: (organizationId, routeClass) => void counted.push([organizationId, routeClass]), recordSimulationCreated() {}, recordTicks() {} },
  });
});
afterAll(async () => {
  await server.close();
});

describe('an event stream in the usage counts', () => {
  it('is counted once, for the caller’s default organization, not the simulation’s', async () => {
    // jwt-ab's default organization is A; the simulation is B's.
    const created = await server.call('/v1/simulations', { bearer: 'jwt-ab', body: { scenarioId: 'tiny-valley', organizationId: ORG_B } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const before = counted.length;
    const opened = new AbortController();
    const res = await fetch(`${server.baseUrl}/v1/simulations/${id}/events`, { headers: { Authorization: 'Bearer jwt-ab' }, signal: opened.signal });
    expect(res.status).toBe(200);
    opened.abort();
    expect(counted.slice(before).filter(([, routeClass]) => routeClass === 'sse')).toEqual([[ORG_A, 'sse']]);
  });
});
