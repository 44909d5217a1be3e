import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { ORG_A, ORG_B } from '../helpers/test-authenticator.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

type Json = any;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const json = async (res: Response): Promise<Json> => res.json();
const call = (path: string, body?: unknown, key = 'key-a') => server.call(path, { key, ...(body === undefined ? {} : { body }) });
async function step(id: string, ticks: number, key = 'key-a'): Promise<void> {
  expect((await call(`/v1/simulations/${id}/step`, { ticks }, key)).status).toBe(200);
}

const AT = 20;
const TICKS = 40;
const METRICS = [
  'lossTick:c',
  'lost:c',
  'lossTick:d',
  'losses',
  'finalStability',
  'minStability',
  'paradoxes',
  'prophecies',
  'completionTick',
  'completionReason',
];

/**
 * basin-cascade, inline (the test server serves only fixtures): its basins fall one after the
 * other (a at about tick 2, b 15, c 37, d 64), so the runs after AT lose some, at ticks that vary
 * with the seed.
 */
function basinCascade(): Json {
  const file = JSON.parse(readFileSync(new URL('../../../../scenarios/basin-cascade.json', import.meta.url), 'utf8')) as Json;
  return { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: file.rules };
}

async function createBase(key = 'key-a'): Promise<string> {
  const res = await call('/v1/simulations', { scenario: basinCascade() }, key);
  expect(res.status).toBe(201);
  return (await json(res)).id;
}
const VARY = { 'rules.reflexivity': [-0.5, 0.5], 'agents.*.policy.lambda': [0.3] };
const onBase = (simulation: string, over: Record<string, unknown> = {}) => ({
  base: { simulation, atTick: AT },
  vary: VARY,
  replications: 3,
  seed: 11,
  ticks: TICKS,
  metrics: METRICS,
  ...over,
});

async function submit(body: unknown): Promise<Json> {
  const res = await call('/v1/experiments', body);
  expect(res.status).toBe(202);
  return json(res);
}

async function finished(id: string): Promise<Json> {
  for (let i = 0; i < 3000; i++) {
    const experiment = await json(await call(`/v1/experiments/${id}`));
    if (!['queued', 'running'].includes(experiment.status)) return experiment;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`experiment ${id} did not finish`);
}

const resultsHash = async (id: string): Promise<string> => (await json(await call(`/v1/experiments/${id}/results`))).hash;

async function csvRows(id: string): Promise<string[][]> {
  const res = await server.call(`/v1/experiments/${id}/results`, { key: 'key-a', headers: { Accept: 'text/csv' } });
  expect(res.status).toBe(200);
  return (await res.text())
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

/**
 * A basin-cascade simulation with a history of its own before AT: a shock at tick 9, and an agent
 * added at tick 11 (so `agents.*` must mean the agents alive at AT, not the scenario's).
 */
async function baseWithHistory(): Promise<string> {
  const id = await createBase();
  await step(id, 8);
  expect((await call(`/v1/simulations/${id}/decrees`, { type: 'shock', payload: { x: 44, y: 12, radius: 5, magnitude: 0.3 } })).status).toBe(201);
  await step(id, 2);
  expect((await call(`/v1/simulations/${id}/decrees`, { type: 'add-agent', payload: { id: 'late', marker: { x: 30, y: 10 } } })).status).toBe(201);
  await step(id, 20);
  return id;
}

describe('an experiment on a simulation base', () => {
  let base: string;
  let first: Json;
  let done: Json;

  beforeAll(async () => {
    base = await baseWithHistory();
    first = await submit(onBase(base));
    done = await finished(first.id);
  });

  it('runs every combination and replication from the simulation’s state at atTick', async () => {
    expect(first).toMatchObject({
      status: 'queued',
      scenarioId: 'inline',
      baseSimulation: { id: base, atTick: AT },
      engineVersion: '1.4.0',
      combinations: 2,
      runs: { total: 6 },
    });
    expect(done).toMatchObject({ status: 'completed', runs: { total: 6, done: 6, computed: 6, reused: 0 } });
    const rows = await csvRows(first.id);
    expect(rows[0]).toEqual(['combination', 'agents.*.policy.lambda', 'rules.reflexivity', 'replication', 'seed', ...METRICS]);
    expect(rows).toHaveLength(1 + 6);
    // Every run has a seed of its own, and the runs of one combination differ by it.
    expect(new Set(rows.slice(1).map((r) => r[4])).size).toBe(6);
    const finals = rows.slice(1, 4).map((r) => r[5 + METRICS.indexOf('finalStability')]);
    expect(new Set(finals).size).toBeGreaterThan(1);
  });

  it('the same body twice gives the same results hash, its runs reused; later ticks of the base change nothing', async () => {
    await step(base, 15);
    const again = await finished((await submit(onBase(base))).id);
    expect(again.runs).toEqual({ total: 6, done: 6, computed: 0, reused: 6 });
    expect(await resultsHash(again.id)).toBe(await resultsHash(first.id));
  });

  it('a run reproduced alone as a simulation (fork at atTick with its seed and changes, step ticks) gives the metric values of its row', async () => {
    const rows = await csvRows(first.id);
    const header = rows[0] as string[];
    const row = rows[6] as string[]; // combination 1 (reflexivity 0.5), replication 2
    const value = (metric: string) => row[header.indexOf(metric)] as string;
    const at = (await json(await call(`/v1/simulations/${base}/trace?fromTick=${AT}&toTick=${AT}&limit=1`))).steps[0];
    expect(at.agents.map((a: Json) => a.id)).toContain('late');
    const fork = await call(`/v1/simulations/${base}/forks`, {
      atTick: AT,
      seed: Number(row[4]),
      decrees: [{ type: 'set-rule', payload: { rule: 'reflexivity', value: Number(row[2]) } }],
      policies: at.agents.map((a: Json) => ({ agentId: a.id, policy: { lambda: Number(row[1]) } })),
    });
    expect(fork.status).toBe(201);
    const forkId = (await json(fork)).id as string;
    await step(forkId, TICKS);

    const steps = (await json(await call(`/v1/simulations/${forkId}/trace?fromTick=${AT + 1}&limit=200`))).steps as Json[];
    const last = steps.at(-1).state;
    const lostInRun = (attractor: string) => steps.find((s) => s.state.lostBasins.includes(attractor) && !at.state.lostBasins.includes(attractor));
    const prophecies = (await json(await call(`/v1/simulations/${forkId}/prophecies?limit=200`))).data.filter((p: Json) => p.tick > AT);
    const paradoxes = (await server.storage.simulations.listEvents(forkId, 0, 10_000)).filter((e) => e.type === 'paradox' && e.tick > AT);
    expect(Number(value('finalStability'))).toBe(last.stability);
    expect(Number(value('minStability'))).toBe(Math.min(...steps.map((s) => s.state.stability)));
    expect(Number(value('losses'))).toBe(last.lostBasins.length - at.state.lostBasins.length);
    expect(value('lost:c')).toBe(String(lostInRun('c') !== undefined));
    expect(value('lossTick:c')).toBe(String(lostInRun('c')?.tick ?? ''));
    expect(value('lossTick:d')).toBe(String(lostInRun('d')?.tick ?? ''));
    expect(Number(value('prophecies'))).toBe(prophecies.length);
    expect(Number(value('paradoxes'))).toBe(paradoxes.length);
    expect(value('completionTick')).toBe(last.completion === null ? '' : String(last.tick));
    expect(value('completionReason')).toBe(last.completion ?? '');
  });

  it('never shares results between bases whose states at atTick differ; shares them when the state is the same', async () => {
    // The same scenario, without the shock and the added agent: another history, another state at AT.
    const plain = await createBase();
    await step(plain, AT);
    const other = await finished((await submit(onBase(plain))).id);
    expect(other.runs).toEqual({ total: 6, done: 6, computed: 6, reused: 0 });
    expect(await resultsHash(other.id)).not.toBe(await resultsHash(first.id));
    // A fork of the base without changes has the base's history up to AT, hence its state: the same runs.
    const copy = (await json(await call(`/v1/simulations/${base}/forks`, { atTick: AT }))).id as string;
    const shared = await finished((await submit(onBase(copy))).id);
    expect(shared.runs).toMatchObject({ computed: 0, reused: 6 });
    expect(await resultsHash(shared.id)).toBe(await resultsHash(first.id));
  });
});

describe('bad input on a simulation base', () => {
  let base: string;
  const total = async (): Promise<number> => (await json(await call('/v1/experiments'))).pagination.total;
  const issues = async (res: Response): Promise<Array<{ path: string; message: string }>> => (await json(res)).error.details.issues;

  beforeAll(async () => {
    base = await baseWithHistory();
  });

  it('is 400 VALIDATION_ERROR at the path of each problem, and nothing is queued', async () => {
    const before = await total();
    const paths = async (body: unknown): Promise<string[]> => {
      const res = await call('/v1/experiments', body);
      expect(res.status).toBe(400);
      expect((await json(res.clone())).error.code).toBe('VALIDATION_ERROR');
      return (await issues(res)).map((i) => i.path);
    };
    // What a running world cannot be given, refused before the replay.
    const vary = { 'attractors.c.depth': [1], 'agents.refugee-0.marker.x': [3], 'input.size': [2], 'rules.reflexivity': [2] };
    expect(await paths(onBase(base, { vary }))).toEqual([
      'vary.agents.refugee-0.marker.x',
      'vary.attractors.c.depth',
      'vary.input.size',
      'vary.rules.reflexivity.0',
    ]);
    const refused = await call('/v1/experiments', onBase(base, { vary: { 'attractors.c.depth': [1] } }));
    expect((await issues(refused))[0]?.message).toContain('cannot vary a simulation base');
    // What only the state at atTick tells: an agent or an attractor it lacks.
    expect(await paths(onBase(base, { vary: { 'agents.nobody.policy.lambda': [1] }, metrics: ['losses', 'lost:well-z'] }))).toEqual([
      'vary.agents.nobody.policy.lambda',
      'metrics.1',
    ]);
    expect(await paths({ ...onBase(base), base: { simulation: base, atTick: 999 } })).toEqual(['base.atTick']);
    expect(await paths({ ...onBase(base), base: { simulation: base } })).toEqual(['base.atTick']);
    expect(await paths({ ...onBase(base), base: { scenarioId: 'tiny-valley', atTick: 3 } })).toEqual(['base.atTick']);
    expect(await paths({ ...onBase(base), base: { simulation: base, atTick: -1 } })).toEqual(['base.atTick']);
    expect(await paths(onBase(base, { engineVersion: '1.1.0' }))).toEqual(['engineVersion']);
    // A simulation that completed at atTick has no tick to run.
    const short = await createSimulation(server, { scenarioId: 'short-lived' });
    await step(short, 10);
    expect(await paths({ ...onBase(short), vary: {}, metrics: ['losses'], base: { simulation: short, atTick: 5 } })).toEqual(['base.atTick']);
    expect(await total()).toBe(before);
  });

  it('another organization’s simulation gets the answer it gets on the simulation routes (401); an unknown one 404', async () => {
    const theirs = await createBase('key-b');
    await step(theirs, 2, 'key-b');
    const res = await call('/v1/experiments', { ...onBase(theirs), base: { simulation: theirs, atTick: 1 } });
    expect(res.status).toBe(401);
    expect((await json(res)).error.code).toBe('UNAUTHORIZED');
    expect((await call(`/v1/simulations/${theirs}`)).status).toBe(401);
    expect((await call('/v1/experiments', { ...onBase(base), base: { simulation: '7b0c1f3e-2a4d-4c5e-9f6a-8b7c6d5e4f3a', atTick: 1 } })).status).toBe(404);
  });

  it('a failed simulation is no base: 409 SIMULATION_NOT_ACTIVE, as for a fork', async () => {
    const failed = await createBase();
    await step(failed, 3);
    const current = await server.storage.simulations.getRunnable(failed);
    if (current === undefined) throw new Error('missing');
    await server.storage.simulations.update({
      simulationId: failed,
      expectedVersion: current.version,
      at: new Date().toISOString(),
      status: 'failed',
      tick: 3,
      state: current.state,
      inputs: [],
      prophecies: [],
      events: [],
    });
    const res = await call('/v1/experiments', { ...onBase(failed), base: { simulation: failed, atTick: 2 } });
    expect(res.status).toBe(409);
    expect((await json(res)).error.code).toBe('SIMULATION_NOT_ACTIVE');
  });

  it('belongs to the simulation’s organization: another organizationId is 400, even for a caller of both', async () => {
    const ofB = await createBase('key-b');
    await step(ofB, 3, 'key-b');
    const body = { ...onBase(ofB), base: { simulation: ofB, atTick: 2 }, vary: {}, replications: 1, ticks: 2, metrics: ['losses'] };
    const elsewhere = await server.call('/v1/experiments', { bearer: 'jwt-ab', body: { ...body, organizationId: ORG_A } });
    expect(elsewhere.status).toBe(400);
    expect((await issues(elsewhere)).map((i) => i.path)).toEqual(['organizationId']);
    // Without organizationId it is the simulation's, not the caller's first organization.
    const accepted = await server.call('/v1/experiments', { bearer: 'jwt-ab', body });
    expect(accepted.status).toBe(202);
    expect((await json(accepted)).organizationId).toBe(ORG_B);
  });
});
