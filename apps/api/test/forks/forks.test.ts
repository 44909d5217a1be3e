import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Json = any;
const json = async (res: Response): Promise<Json> => res.json();
const step = async (id: string, ticks: number): Promise<void> => {
  const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
  expect(res.status).toBe(200);
};
/** Steps 1 000 ticks in ten steps of 100 and returns the state each step answered with, as JSON text. */
async function statesEvery100(id: string): Promise<string[]> {
  const states: string[] = [];
  for (let i = 0; i < 10; i++) {
    const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 100 } });
    expect(res.status).toBe(200);
    states.push(JSON.stringify((await json(res)).state));
  }
  return states;
}
/** The state a simulation holds (computed step by step from its stored engine) equals the last step of its trace (replayed from its log). */
async function expectStateMatchesTrace(id: string): Promise<void> {
  const { status: _lifecycle, ...state } = (await get(id)).state;
  const last = (await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }))).steps.at(-1);
  const { status: _engine, ...replayed } = last.state;
  expect(state).toEqual(replayed);
}
const fork = (id: string, body: unknown, key = 'key-a') => server.call(`/v1/simulations/${id}/forks`, { key, body });
const forked = async (id: string, body: unknown): Promise<Json> => {
  const res = await fork(id, body);
  expect(res.status).toBe(201);
  return json(res);
};
const get = async (id: string): Promise<Json> => json(await server.call(`/v1/simulations/${id}`, { key: 'key-a' }));
const compare = async (id: string, otherId: string): Promise<Json> => {
  const res = await server.call(`/v1/simulations/${id}/compare/${otherId}`, { key: 'key-a' });
  expect(res.status).toBe(200);
  return json(res);
};
const lineage = async (id: string): Promise<Json> => json(await server.call(`/v1/simulations/${id}/lineage`, { key: 'key-a' }));

/** sha256 of each NDJSON trace line, tick 1 first: the steps exactly as a client receives them. */
async function traceHashes(id: string): Promise<string[]> {
  const res = await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a', headers: { Accept: 'application/x-ndjson' } });
  expect(res.status).toBe(200);
  return (await res.text())
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => createHash('sha256').update(line).digest('hex'));
}

const issuesOf = async (res: Response): Promise<Array<{ path: string; message: string }>> => (await json(res)).error.details.issues;

const SHOCK = { type: 'shock', payload: { x: 8, y: 8, radius: 6, magnitude: 2 } };
/** A scenario of the repository's scenarios/ folder, as an inline scenario (the test server serves only fixtures). */
function repositoryScenario(id: string, rules: Json = {}): Json {
  const file = JSON.parse(readFileSync(new URL(`../../../../scenarios/${id}.json`, import.meta.url), 'utf8')) as Json;
  return { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: { ...file.rules, ...rules } };
}
/**
 * The worlds forked below. Besides the fixture: calm-equilibrium (24 agents, 3 attractors, nothing
 * happens); shock-prone-valley (terrain, random environment shocks, `upper-ford` lost at tick 1176
 * with an `unforeseen` paradox, after the fork); self-defeating-prophecy with a prophecy every 45
 * ticks, so that prophecy 1 (tick 45, `doomed` P = 1, ρ = 1) closes its horizon at tick 85 and,
 * under 1.0.0, still stands and repels agents until tick 90: a fork at tick 87 must carry a
 * standing prophecy that is no longer open (under 1.2.0 it stays open, `averted` at tick 101).
 */
const SOURCES = {
  'calm-equilibrium': repositoryScenario('calm-equilibrium'),
  'shock-prone-valley': repositoryScenario('shock-prone-valley'),
  'self-defeating-prophecy every 45 ticks': repositoryScenario('self-defeating-prophecy', { prophecyInterval: 45 }),
} as const;
type Source = 'tiny-valley' | keyof typeof SOURCES;

async function createFrom(source: Source, engineVersion: string): Promise<string> {
  if (source === 'tiny-valley') return createSimulation(server, { engineVersion });
  const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenario: SOURCES[source], engineVersion } });
  expect(res.status).toBe(201);
  return (await json(res)).id;
}

/** A run's paradoxes as the comparison lists them, without the prophecy ids (each simulation numbers its own). */
const paradoxesOf = (run: Json): Json[] => run.paradoxes.map(({ prophecy: { id: _id, ...prophecy }, ...paradox }: Json) => ({ ...paradox, prophecy }));

describe('POST /v1/simulations/{id}/forks', () => {
  describe.each([
    // source, engine version, tick the inherited inputs follow, atTick, paradoxes in the whole run
    ['tiny-valley', '1.0.0', 150, 400, 0],
    ['tiny-valley', '1.1.0', 150, 400, 0],
    ['tiny-valley', '1.2.0', 150, 400, 0],
    ['calm-equilibrium', '1.1.0', 150, 400, 1],
    ['calm-equilibrium', '1.2.0', 150, 400, 1],
    // atTick 422: the prophecy of tick 400 (horizon 20) has closed and still stands until tick 425.
    ['shock-prone-valley', '1.0.0', 150, 422, 2],
    ['shock-prone-valley', '1.2.0', 150, 422, 2],
    ['self-defeating-prophecy every 45 ticks', '1.0.0', 40, 87, 1],
    ['self-defeating-prophecy every 45 ticks', '1.2.0', 40, 87, 1],
  ] as const)('a fork without changes of %s on engine %s', (source, engineVersion, inputsAfter, atTick, paradoxes) => {
    it('computes the parent’s states and trace byte for byte, history and the 1 000 ticks after atTick, inherited inputs included', async () => {
      const parent = await createFrom(source, engineVersion);
      await step(parent, inputsAfter);
      // Inputs in the history the fork inherits: applied at tick inputsAfter + 1, before atTick.
      expect((await server.call(`/v1/simulations/${parent}/decrees`, { key: 'key-a', body: SHOCK })).status).toBe(201);
      const firstAgent = (await json(await server.call(`/v1/simulations/${parent}/trace`, { key: 'key-a' }))).steps[0].agents[0].id as string;
      expect(
        (await server.call(`/v1/simulations/${parent}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: firstAgent, policy: { lambda: 2 } } }))
          .status,
      ).toBe(200);
      await step(parent, atTick - inputsAfter);
      const parentStates = await statesEvery100(parent);

      const child = await forked(parent, { atTick });
      expect(child).toMatchObject({ parent: { id: parent, atTick }, engineVersion, state: { tick: atTick, status: 'idle' } });
      expect(child.id).not.toBe(parent);
      // What the fork computes itself, from the state its replay started it at (not the trace, which replays the log).
      expect(await statesEvery100(child.id)).toEqual(parentStates);

      const [mine, theirs] = await Promise.all([traceHashes(parent), traceHashes(child.id)]);
      expect(theirs).toHaveLength(atTick + 1_000);
      expect(theirs.slice(atTick)).toEqual(mine.slice(atTick, atTick + 1_000));
      expect(theirs).toEqual(mine);
      const compared = await compare(parent, child.id);
      expect(compared.firstDifferenceTick).toBeNull();
      // The events are the same too: every paradox, at its tick, against the same prophecy.
      expect(paradoxesOf(compared.other)).toEqual(paradoxesOf(compared.simulation));
      expect(compared.simulation.paradoxes).toHaveLength(paradoxes);
      // Two runs of 1 400+ ticks and a comparison: seconds, more on a busy machine than vitest's 5 s.
    }, 60_000);
  });

  it('with one decree, differs first at exactly atTick + 1; the decree is the fork’s, at that tick', async () => {
    const parent = await createSimulation(server);
    await step(parent, 60);
    const child = await forked(parent, { atTick: 40, decrees: [SHOCK] });
    expect(child.state.tick).toBe(40);
    await step(child.id, 20);
    const [mine, theirs] = await Promise.all([traceHashes(parent), traceHashes(child.id)]);
    expect(theirs.slice(0, 40)).toEqual(mine.slice(0, 40));
    expect(theirs[40]).not.toBe(mine[40]);
    expect((await compare(parent, child.id)).firstDifferenceTick).toBe(41);
    expect((await compare(child.id, parent)).firstDifferenceTick).toBe(41);
    // What the fork computed from its stored engine state agrees with what its log replays.
    await expectStateMatchesTrace(child.id);

    const decrees = await json(await server.call(`/v1/simulations/${child.id}/decrees`, { key: 'key-a' }));
    expect(decrees.data).toEqual([expect.objectContaining({ simulationId: child.id, type: 'shock', tick: 41 })]);
    expect((await json(await server.call(`/v1/simulations/${parent}/decrees`, { key: 'key-a' }))).pagination.total).toBe(0);
  });

  it('applies policy changes at atTick + 1, after the decrees; atTick defaults to the current tick', async () => {
    const parent = await createSimulation(server);
    await step(parent, 12);
    const child = await forked(parent, { policies: [{ agentId: 'agent-2', policy: { lambda: 3 } }] });
    expect(child.parent).toEqual({ id: parent, atTick: 12 });
    await step(child.id, 1);
    await expectStateMatchesTrace(child.id);
    const trace = await json(await server.call(`/v1/simulations/${child.id}/trace`, { key: 'key-a' }));
    expect(trace.steps[12].agents.find((a: Json) => a.id === 'agent-2').policy.lambda).toBe(3);
    expect(trace.steps[11].agents.find((a: Json) => a.id === 'agent-2').policy.lambda).not.toBe(3);
  });

  describe('with a seed', () => {
    const AT = 23;
    let parent: string;
    beforeAll(async () => {
      parent = await createSimulation(server);
      await step(parent, 60);
    });

    it('is reseeded at atTick + 1: its past is its parent’s, its future another draw; two seeds differ from each other', async () => {
      const seven = await forked(parent, { atTick: AT, seed: 7 });
      const eight = await forked(parent, { atTick: AT, seed: 8 });
      await step(seven.id, 37);
      await step(eight.id, 37);
      const [mine, a, b] = await Promise.all([traceHashes(parent), traceHashes(seven.id), traceHashes(eight.id)]);
      expect(a.slice(0, AT)).toEqual(mine.slice(0, AT));
      expect(b.slice(0, AT)).toEqual(mine.slice(0, AT));
      expect((await compare(parent, seven.id)).firstDifferenceTick).toBe(AT + 1);
      expect((await compare(seven.id, eight.id)).firstDifferenceTick).toBe(AT + 1);
      // Not only the move that reports the reseed: the agents go elsewhere.
      const trace = async (id: string): Promise<Json[]> => (await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }))).steps;
      const [stepsOf7, stepsOf8] = [await trace(seven.id), await trace(eight.id)];
      expect(stepsOf7[AT].move).toMatch(/^reseeded with 7; /);
      const positions = (steps: Json[], tick: number) => JSON.stringify(steps[tick - 1].agents.map((agent: Json) => agent.state));
      expect(positions(stepsOf7, AT + 2)).not.toBe(positions(stepsOf8, AT + 2));
      // What each fork computed from its stored engine agrees with what its log replays.
      await expectStateMatchesTrace(seven.id);
      await expectStateMatchesTrace(eight.id);
    });

    it('the same seed gives the same trace, byte for byte, also replayed from a checkpoint after the reseed', async () => {
      const first = await forked(parent, { atTick: AT, seed: 1234 });
      const second = await forked(parent, { atTick: AT, seed: 1234 });
      // Past tick 1 000, so that the forks' own checkpoint (every 1 000 ticks for 6 agents) holds the reseeded streams.
      await step(first.id, 1_030 - AT);
      await step(second.id, 1_030 - AT);
      const whole = await traceHashes(first.id);
      expect(await traceHashes(second.id)).toEqual(whole);
      expect((await compare(first.id, second.id)).firstDifferenceTick).toBeNull();
      expect((await server.storage.simulations.nearestCheckpoint(first.id, 1_000))?.tick).toBe(1_000);
      const page = await server.call(`/v1/simulations/${first.id}/trace?fromTick=1001&toTick=1030&limit=30`, {
        key: 'key-a',
        headers: { Accept: 'application/x-ndjson' },
      });
      expect(page.status).toBe(200);
      const lines = (await page.text()).split('\n').filter((line) => line !== '');
      expect(lines.map((line) => createHash('sha256').update(line).digest('hex'))).toEqual(whole.slice(1_000, 1_030));
    });

    it('without a seed nothing changes: the fork computes its parent’s ticks', async () => {
      const plain = await forked(parent, { atTick: AT });
      await step(plain.id, 60 - AT);
      expect(await traceHashes(plain.id)).toEqual(await traceHashes(parent));
    });

    it('a seed that is not an integer from 0 to 4 294 967 295: 400 at seed; at a completed tick: 409', async () => {
      for (const seed of [-1, 4_294_967_296, 2.5, '7']) {
        const res = await fork(parent, { atTick: AT, seed });
        expect(res.status).toBe(400);
        expect((await issuesOf(res)).map((i) => i.path)).toEqual(['seed']);
      }
      const done = await createSimulation(server, { scenarioId: 'short-lived' });
      await step(done, 10);
      const late = await fork(done, { seed: 3 });
      expect(late.status).toBe(409);
      expect((await json(late)).error.code).toBe('SIMULATION_NOT_ACTIVE');
    });
  });

  it('a fork of a fork works; completing the parent changes nothing for its forks', async () => {
    const root = await createSimulation(server, { scenarioId: 'short-lived' });
    await step(root, 2);
    const child = await forked(root, { atTick: 1 });
    const grandchild = await forked(child.id, { atTick: 1 });
    await step(root, 10);
    expect((await get(root)).state).toMatchObject({ tick: 5, status: 'completed' });
    await step(grandchild.id, 10);
    expect((await get(grandchild.id)).state).toMatchObject({ tick: 5, status: 'completed' });
    expect(await traceHashes(grandchild.id)).toEqual(await traceHashes(root));
    expect((await get(child.id)).state).toMatchObject({ tick: 1, status: 'idle' });
  });

  it('a fork where the parent completed is completed, and takes no inputs (409)', async () => {
    const parent = await createSimulation(server, { scenarioId: 'short-lived' });
    await step(parent, 10);
    const child = await forked(parent, {});
    expect(child.state).toMatchObject({ tick: 5, status: 'completed' });
    const withInput = await fork(parent, { decrees: [SHOCK] });
    expect(withInput.status).toBe(409);
    expect((await json(withInput)).error.code).toBe('SIMULATION_NOT_ACTIVE');
  });

  it('inherits the parent’s events and prophecies up to atTick, prophecies under its own ids', async () => {
    const parent = await createSimulation(server);
    await step(parent, 30);
    const child = await forked(parent, { atTick: 22 });
    const prophecies = await json(await server.call(`/v1/simulations/${child.id}/prophecies`, { key: 'key-a' }));
    expect(prophecies.data.map((p: Json) => p.tick)).toEqual([5, 10, 15, 20]);
    const parentProphecies = await json(await server.call(`/v1/simulations/${parent}/prophecies?limit=4`, { key: 'key-a' }));
    expect(prophecies.data.map((p: Json) => p.data)).toEqual(parentProphecies.data.map((p: Json) => p.data));
    expect(prophecies.data.map((p: Json) => p.id)).not.toContain(parentProphecies.data[0].id);
    const compared = await compare(child.id, parent);
    expect(compared.simulation.prophecies.map((p: Json) => p.id)).toEqual(prophecies.data.map((p: Json) => p.id));

    // The events a stream replays (Last-Event-ID): the parent's engine events up to atTick, numbered from 1.
    const events = await server.storage.simulations.listEvents(child.id, 0, 1_000);
    const parentEvents = (await server.storage.simulations.listEvents(parent, 0, 1_000)).filter((e) => e.tick <= 22 && e.type !== 'simulation:status');
    expect(parentEvents.length).toBeGreaterThan(0);
    expect(events.map((e) => e.seq)).toEqual(parentEvents.map((_, i) => i + 1));
    expect(events.map(({ type, tick, data }) => ({ type, tick, data }))).toEqual(parentEvents.map(({ type, tick, data }) => ({ type, tick, data })));
    expect((await get(child.id)).state.tick).toBe(22);
  });

  describe('bad input: the error envelope, nothing stored', () => {
    const forksOf = async (id: string): Promise<number> => (await lineage(id)).forks.length;

    it('atTick beyond the current tick, negative or not an integer: 400 at atTick', async () => {
      const parent = await createSimulation(server);
      await step(parent, 5);
      for (const atTick of [6, -1, 2.5, '3']) {
        const res = await fork(parent, { atTick });
        expect(res.status).toBe(400);
        expect((await issuesOf(res)).map((i) => i.path)).toEqual(['atTick']);
      }
      expect(await forksOf(parent)).toBe(0);
    });

    it('a decree or policy change that does not fit at atTick + 1: 400 at its place in the body', async () => {
      const parent = await createSimulation(server);
      await step(parent, 5);
      const gone = await fork(parent, { atTick: 3, decrees: [SHOCK, { type: 'remove-agent', payload: { id: 'nobody' } }] });
      expect(gone.status).toBe(400);
      expect((await issuesOf(gone))[0]?.path).toMatch(/^decrees\.1\./);
      const malformed = await fork(parent, { decrees: [{ type: 'shock', payload: { x: 'left' } }] });
      expect(malformed.status).toBe(400);
      expect((await issuesOf(malformed))[0]?.path).toMatch(/^decrees\.0\.payload/);
      const stranger = await fork(parent, { policies: [{ agentId: 'nobody', policy: { lambda: 1 } }] });
      expect(stranger.status).toBe(400);
      expect((await issuesOf(stranger)).map((i) => i.path)).toEqual(['policies.0.agentId']);
      const unknownField = await fork(parent, { atTick: 1, branch: 'x' });
      expect(unknownField.status).toBe(400);
      expect(await forksOf(parent)).toBe(0);
      const list = await json(await server.call('/v1/simulations?limit=100', { key: 'key-a' }));
      expect(list.data.filter((s: Json) => s.parent?.id === parent)).toEqual([]);
    });

    it('a failed simulation cannot be forked: 409 SIMULATION_NOT_ACTIVE', async () => {
      const parent = await createSimulation(server);
      await step(parent, 3);
      const current = await server.storage.simulations.getRunnable(parent);
      if (current === undefined) throw new Error('missing');
      await server.storage.simulations.update({
        simulationId: parent,
        expectedVersion: current.version,
        at: new Date().toISOString(),
        status: 'failed',
        tick: 3,
        state: current.state,
        inputs: [],
        prophecies: [],
        events: [],
      });
      const res = await fork(parent, {});
      expect(res.status).toBe(409);
      expect((await json(res)).error.code).toBe('SIMULATION_NOT_ACTIVE');
      expect(await forksOf(parent)).toBe(0);
    });

    it('another organization’s simulation: 401 for fork, lineage and compare; unknown: 404', async () => {
      const mine = await createSimulation(server);
      const theirs = await createSimulation(server, { key: 'key-b' });
      const refused = await fork(theirs, {});
      expect(refused.status).toBe(401);
      expect((await json(refused)).error.code).toBe('UNAUTHORIZED');
      expect((await server.call(`/v1/simulations/${theirs}/lineage`, { key: 'key-a' })).status).toBe(401);
      expect((await server.call(`/v1/simulations/${mine}/compare/${theirs}`, { key: 'key-a' })).status).toBe(401);
      expect((await server.call(`/v1/simulations/${theirs}/compare/${mine}`, { key: 'key-a' })).status).toBe(401);
      expect((await server.call(`/v1/simulations/${mine}/compare/not-a-uuid`, { key: 'key-a' })).status).toBe(400);
      expect((await fork('6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d', {})).status).toBe(404);
      expect((await fork(mine, {}, 'key-a-read')).status).toBe(403);
      expect((await lineage(theirs)).error.code).toBe('UNAUTHORIZED');
    });
  });
});

describe('GET /v1/simulations/{id}/lineage', () => {
  it('lists ancestors root first and direct forks oldest first, each with the tick of its branch', async () => {
    const root = await createSimulation(server);
    await step(root, 10);
    const a = await forked(root, { atTick: 4 });
    const b = await forked(root, { atTick: 7 });
    await step(a.id, 5);
    const aa = await forked(a.id, { atTick: 6 });

    const ofRoot = await lineage(root);
    // Oldest first; two forks made in the same millisecond come in id order.
    const key = (e: Json): string => `${e.createdAt} ${e.id}`;
    const byAge = (x: Json, y: Json): number => (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0);
    expect(ofRoot).toEqual({
      id: root,
      parent: null,
      ancestors: [],
      forks: [
        { id: a.id, atTick: 4, createdAt: a.createdAt },
        { id: b.id, atTick: 7, createdAt: b.createdAt },
      ].sort(byAge),
    });
    const ofGrandchild = await lineage(aa.id);
    expect(ofGrandchild.parent).toEqual({ id: a.id, atTick: 6 });
    expect(ofGrandchild.ancestors.map((e: Json) => [e.id, e.atTick])).toEqual([
      [root, 4],
      [a.id, 6],
    ]);
    expect(ofGrandchild.forks).toEqual([]);
    expect((await lineage(a.id)).forks.map((e: Json) => e.id)).toEqual([aa.id]);
  });
});

describe('GET /v1/simulations/{id}/compare/{otherId}', () => {
  it('over the common range: losses per attractor in each, paradoxes, and both stability series', async () => {
    const parent = await createSimulation(server);
    await step(parent, 30);
    const child = await forked(parent, { atTick: 10, decrees: [SHOCK] });
    await step(child.id, 8);
    const compared = await compare(parent, child.id);
    expect(compared.range).toEqual({ fromTick: 1, toTick: 18 });
    expect(compared.simulation).toMatchObject({ id: parent, tick: 30 });
    expect(compared.other).toMatchObject({ id: child.id, tick: 18 });
    expect(compared.attractors.map((a: Json) => a.id)).toEqual(['well-a', 'well-b']);
    expect(compared.stability.sampled).toBe(false);
    expect(compared.stability.ticks).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const trace = await json(await server.call(`/v1/simulations/${parent}/trace`, { key: 'key-a' }));
    expect(compared.stability.simulation).toEqual(trace.steps.slice(0, 18).map((s: Json) => s.state.stability));
    expect(compared.stability.other.slice(0, 10)).toEqual(compared.stability.simulation.slice(0, 10));
    expect(compared.simulation.prophecies.map((p: Json) => p.tick)).toEqual([5, 10, 15]);
  });

  it('reports the tick each attractor was lost at in each run, as the traces show it', async () => {
    const parent = await createSimulation(server);
    await step(parent, 5);
    // A shock that takes ten times well-a's depth: its basin is lost in the fork only.
    const child = await forked(parent, { decrees: [{ type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 10 } }] });
    await step(child.id, 20);
    await step(parent, 20);
    const lostAt = async (id: string, attractor: string): Promise<number | null> => {
      const trace = await json(await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' }));
      return trace.steps.find((s: Json) => s.state.lostBasins.includes(attractor))?.tick ?? null;
    };
    const compared = await compare(parent, child.id);
    expect(compared.attractors).toContainEqual({ id: 'well-a', lossTick: { simulation: null, other: 6 } });
    for (const { id, lossTick } of compared.attractors) {
      expect(lossTick).toEqual({ simulation: await lostAt(parent, id), other: await lostAt(child.id, id) });
    }
  });

  it('lists each run’s paradoxes in the range, against its own prophecies, as its events report them', async () => {
    const parent = await createSimulation(server);
    await step(parent, 12);
    // At tick 7 a shock takes well-a, which prophecy 1 (tick 5) said would stand: unforeseen, in the fork only.
    const child = await forked(parent, { atTick: 6, decrees: [{ type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 10 } }] });
    await step(child.id, 4);
    const compared = await compare(parent, child.id);
    expect(compared.range).toEqual({ fromTick: 1, toTick: 10 });
    const prophecies = await json(await server.call(`/v1/simulations/${child.id}/prophecies`, { key: 'key-a' }));
    const first = prophecies.data.find((p: Json) => p.tick === 5);
    expect(compared.other.paradoxes).toEqual([{ tick: 7, kind: 'unforeseen', attractor: 'well-a', prophecy: { id: first.id, seq: 1, tick: 5 } }]);
    expect(compared.simulation.paradoxes).toEqual([]);
    // The same paradoxes the fork's stored events hold.
    const events = (await server.storage.simulations.listEvents(child.id, 0, 1_000)).filter((e) => e.type === 'paradox');
    expect(events.map((e) => ({ tick: e.tick, kind: (e.data as Json).kind, attractor: (e.data as Json).attractor }))).toEqual([
      { tick: 7, kind: 'unforeseen', attractor: 'well-a' },
    ]);
  });

  it('samples the stability series of a long range to at most 500 points, first and last ticks included', async () => {
    const a = await createSimulation(server, { engineVersion: '1.1.0' });
    const b = await createSimulation(server, { engineVersion: '1.2.0' });
    await step(a, 1_200);
    await step(b, 1_100);
    const compared = await compare(a, b);
    expect(compared.range.toTick).toBe(1_100);
    expect(compared.stability.sampled).toBe(true);
    expect(compared.stability.ticks).toHaveLength(500);
    expect(compared.stability.ticks[0]).toBe(1);
    expect(compared.stability.ticks.at(-1)).toBe(1_100);
    expect(compared.stability.simulation).toHaveLength(500);
    expect(compared.stability.other).toHaveLength(500);
  });

  it('two simulations before their first tick: an empty range', async () => {
    const a = await createSimulation(server);
    const b = await createSimulation(server);
    const compared = await compare(a, b);
    expect(compared).toMatchObject({
      range: { fromTick: 0, toTick: 0 },
      firstDifferenceTick: null,
      stability: { sampled: false, ticks: [], simulation: [], other: [] },
    });
  });
});
