import { getAdapter, translate } from '@sim/domain-adapters';
import { ScenarioFileSchema, Simulation, type EngineState } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScenarioCatalog } from '../../src/scenarios/scenario-catalog.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/** A scenario file that carries a domain block runs with its domain model, as the same scenario sent inline does. */
const translated = translate('bank-run', getAdapter('bank-run')?.example);
if (!translated.ok) throw new Error('the bank-run input does not translate');
const scenario = translated.scenario;
const TICKS = 12;

let server: TestServer;
beforeAll(async () => {
  const file = ScenarioFileSchema.parse({ id: 'bank-file', label: 'A bank run from a file', note: 'One bank.', ...scenario });
  server = await startTestServer({ scenarios: createScenarioCatalog([file]) });
});
afterAll(async () => {
  await server.close();
});

const runState = async (body: Record<string, unknown>): Promise<{ status: number; state: EngineState | undefined }> => {
  const res = await server.call('/v1/simulations/run', { key: 'key-a', body: { ...body, ticks: TICKS } });
  const answer = (await res.json()) as { trace?: { steps: { state: EngineState }[] } };
  return { status: res.status, state: answer.trace?.steps.at(-1)?.state };
};

describe('a scenario file with a domain block', () => {
  it('runs with its domain model, as the engine alone and the inline scenario do', async () => {
    let expected: EngineState | undefined;
    Simulation.create(scenario).step(TICKS, { onStep: (step) => void (expected = step.state) });
    const fromFile = await runState({ scenarioId: 'bank-file' });
    expect(fromFile.status).toBe(201);
    expect(fromFile.state?.domain).toBeDefined();
    expect(fromFile.state).toEqual(expected);
    expect((await runState({ scenario })).state).toEqual(fromFile.state);
  });

  it('is refused at an engine version without domain models, as the inline scenario is', async () => {
    const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'bank-file', engineVersion: '1.3.0' } });
    expect(res.status).toBe(400);
  });
});
