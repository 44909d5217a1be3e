import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { fixtureScenario } from '../support/scenario-files.js';

// Issue 23, finding 9: `reused` told an organization that its guess of another organization's
// private inline scenario was right. Results are reused only within what both could read
// (docs/api.md, "Experiments", "Runs, reuse and resuming").

type Runs = { total: number; done: number; computed: number; reused: number };
type Experiment = { id: string; status: string; runs: Runs };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** tiny-valley as an inline scenario, with one private twist (the guess). */
function privateScenario(reflexivity: number): Record<string, unknown> {
  const scenario = fixtureScenario('tiny-valley');
  return { ...scenario, rules: { ...scenario.rules, reflexivity } };
}

const body = (base: Record<string, unknown>) => ({ base, replications: 3, seed: 11, ticks: 10, metrics: ['minStability', 'losses'] });

/** Submits and waits until it finished; the runs as counted. */
async function runs(key: string, base: Record<string, unknown>): Promise<Runs> {
  const res = await server.call('/v1/experiments', { key, body: body(base) });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as Experiment;
  for (let i = 0; i < 3000; i++) {
    const experiment = (await (await server.call(`/v1/experiments/${id}`, { key })).json()) as Experiment;
    if (experiment.status === 'completed') return experiment.runs;
    expect(['queued', 'running']).toContain(experiment.status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`experiment ${id} did not finish`);
}

describe('result reuse', () => {
  it('of an inline scenario stays within the organization: org B guessing org A’s scenario gets computed, never reused', async () => {
    const secret = { scenario: privateScenario(0.37) };
    expect(await runs('key-a', secret)).toEqual({ total: 3, done: 3, computed: 3, reused: 0 });
    // Org A itself reuses its own results.
    expect(await runs('key-a', secret)).toEqual({ total: 3, done: 3, computed: 0, reused: 3 });
    // The right guess and a wrong one look the same to org B.
    expect(await runs('key-b', secret)).toEqual({ total: 3, done: 3, computed: 3, reused: 0 });
    expect(await runs('key-b', { scenario: privateScenario(0.38) })).toEqual({ total: 3, done: 3, computed: 3, reused: 0 });
    // And B's own repeat is reused within B.
    expect(await runs('key-b', secret)).toEqual({ total: 3, done: 3, computed: 0, reused: 3 });
  });

  it('of a simulation base stays within the organization, even from the same state byte for byte', async () => {
    const a = await createSimulation(server, { key: 'key-a' });
    const b = await createSimulation(server, { key: 'key-b' });
    expect(await runs('key-a', { simulation: a, atTick: 0 })).toMatchObject({ computed: 3, reused: 0 });
    expect(await runs('key-a', { simulation: a, atTick: 0 })).toMatchObject({ computed: 0, reused: 3 });
    expect(await runs('key-b', { simulation: b, atTick: 0 })).toMatchObject({ computed: 3, reused: 0 });
  });

  it('of a pre-built scenario, which every organization can read, is shared', async () => {
    expect(await runs('key-a', { scenarioId: 'tiny-valley' })).toMatchObject({ computed: 3, reused: 0 });
    expect(await runs('key-b', { scenarioId: 'tiny-valley' })).toMatchObject({ computed: 0, reused: 3 });
  });
});
