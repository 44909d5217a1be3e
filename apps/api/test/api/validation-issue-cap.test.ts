import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REPORTED_ISSUES } from '../../src/lib/api-error.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Refusal {
  error: { code: string; message: string; details: { issues: { path: string; message: string }[] } };
}

/** Ten thousand agents (the most a scenario holds), each with `keys` unknown keys and none of its own. */
const junkAgents = (keys: number) => Array.from({ length: 10_000 }, () => Object.fromEntries(Array.from({ length: keys }, (_, k) => [`k${k}`, 0])));

describe('a body with more problems than an answer lists', () => {
  it('lists the first hundred, in order, and says there are more', async () => {
    // 130 000 problems in one body: 13 unknown keys and 3 missing fields an agent.
    const res = await server.call('/v1/simulations', {
      key: 'key-a',
      body: { scenario: { seed: 1, agents: junkAgents(13), initialState: { width: 8, height: 8 } } },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Refusal;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe(`Request validation failed; the first ${MAX_REPORTED_ISSUES} problems are listed, more were found`);
    expect(error.details.issues).toHaveLength(MAX_REPORTED_ISSUES);
    expect(error.details.issues[0]?.path).toBe('scenario.agents.0.id');
    expect(error.details.issues).toContainEqual({ path: 'scenario.agents.0.k12', message: 'Unrecognized key: "k12"' });
    expect(error.details.issues.at(-1)?.path).toMatch(/^scenario\.agents\.[1-9]\d*\./);
  });

  it('cuts one object’s unknown keys to the hundred it lists', async () => {
    const body: Record<string, unknown> = { ticks: 1 };
    for (let k = 0; k < 50_000; k++) body[`k${k}`] = 0;
    const created = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    const { id } = (await created.json()) as { id: string };
    const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as Refusal;
    expect(error.details.issues).toEqual(Array.from({ length: MAX_REPORTED_ISSUES }, (_, k) => ({ path: `k${k}`, message: `Unrecognized key: "k${k}"` })));
    expect(error.message).toContain('more were found');
  });

  it('lists every problem, and says nothing more, up to the hundred', async () => {
    const body: Record<string, unknown> = { ticks: 1 };
    for (let k = 0; k < MAX_REPORTED_ISSUES; k++) body[`k${k}`] = 0;
    const created = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    const { id } = (await created.json()) as { id: string };
    const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body });
    const { error } = (await res.json()) as Refusal;
    expect(error.details.issues).toHaveLength(MAX_REPORTED_ISSUES);
    expect(error.message).toBe('Request validation failed');
  });
});
