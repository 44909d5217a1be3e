import { Simulation, type EngineState, type ScenarioInput, type TraceStep } from '@sim/engine';
import fc from 'fast-check';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';
import { recordingBudget, recordingRunner, startTick } from './support.js';

const engine = recordingRunner();
const work = recordingBudget();
let server: LiveServer;
let id: string;
let steps: TraceStep[];
const LAST = 60;
beforeAll(async () => {
  server = await startLiveServer({ deps: { engine, work, checkpointInterval: 10 } });
  id = await createSimulation(server);
  await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 23 } });
  await server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 0.4 } } });
  await server.call(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-2', policy: { lambda: 2 } } });
  await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: LAST - 23 } });
  steps = ((await (await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' })).json()) as { steps: TraceStep[] }).steps;
});
afterAll(async () => {
  await server.close();
});

type PastState = { simulationId: string; tick: number; state: EngineState };
const stateAt = (tick: number | string, key = 'key-a') => server.call(`/v1/simulations/${id}/states/${tick}`, { key });

describe('GET /v1/simulations/{id}/states/{tick}', () => {
  it('equals the state of trace step t, for any t from 1 to the current tick', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: LAST }), async (tick) => {
        const res = await stateAt(tick);
        expect(res.status).toBe(200);
        const body = (await res.json()) as PastState;
        expect(body).toEqual({ simulationId: id, tick, state: steps[tick - 1]?.state });
      }),
      { numRuns: 25 },
    );
  });

  it('is replayed from the checkpoint before the tick and charged from there', async () => {
    engine.replays.length = 0;
    work.admitted.length = 0;
    await stateAt(37);
    expect(startTick(engine.replays[0])).toBe(30);
    expect(work.admitted.filter((a) => a.history).map((a) => a.estimate.ticks)).toEqual([7]);
  });

  it('at tick 0 is the state of the scenario before the first tick', async () => {
    const body = (await (await stateAt(0)).json()) as PastState;
    const scenario = JSON.parse(JSON.stringify((await server.storage.simulations.getReplayInput(id))?.scenario)) as ScenarioInput;
    expect(body.state).toEqual(Simulation.create(scenario).state());
    expect(body.state.tick).toBe(0);
  });

  it.each([
    [LAST + 1, 'beyond the current tick'],
    [-1, 'negative'],
    ['1.5', 'not an integer'],
    ['now', 'not a number'],
  ] as Array<[number | string, string]>)('refuses tick %j (%s): 400 VALIDATION_ERROR at tick', async (tick) => {
    const res = await stateAt(tick);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { issues: Array<{ path: string }> } } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.issues.map((i) => i.path)).toEqual(['tick']);
  });

  it('needs simulation:read and is the caller’s organization’s only', async () => {
    expect((await stateAt(3, 'key-a-read')).status).toBe(200);
    expect((await stateAt(3, 'key-a-write')).status).toBe(403);
    expect((await stateAt(3, 'key-b')).status).toBe(401);
  });

  it('is refused with an error, never a wrong state, when a stored checkpoint was tampered with', async () => {
    const tampered = await createSimulation(server);
    await server.call(`/v1/simulations/${tampered}/step`, { key: 'key-a', body: { ticks: 25 } });
    const db = server.storage.db;
    const row = await db
      .selectFrom('simulation_checkpoints')
      .select('snapshot')
      .where('simulation_id', '=', tampered)
      .where('tick', '=', 20)
      .executeTakeFirstOrThrow();
    const snapshot = JSON.parse(inflateRawSync(row.snapshot).toString('utf8')) as { agents: { vx: number[] } };
    snapshot.agents.vx.pop();
    await db
      .updateTable('simulation_checkpoints')
      .set({ snapshot: deflateRawSync(JSON.stringify(snapshot)) })
      .where('simulation_id', '=', tampered)
      .where('tick', '=', 20)
      .execute();

    const res = await server.call(`/v1/simulations/${tampered}/states/23`, { key: 'key-a' });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('agents.vx');
    // Before that checkpoint, nothing is wrong.
    expect((await server.call(`/v1/simulations/${tampered}/states/15`, { key: 'key-a' })).status).toBe(200);
  });
});
