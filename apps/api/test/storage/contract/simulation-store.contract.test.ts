import { DecreeSchema, type EngineInput, type ProphecyData } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import {
  StaleSimulationError,
  type NewInput,
  type NewProphecy,
  type SimulationStore,
  type StoredEventType,
} from '../../../src/simulations/simulation-store.js';
import { prophecyId } from '../../../src/simulations/tick-collector.js';
import { DATABASES, SHARED_DATABASES, nextTurn } from './databases.js';
import { ORG, OTHER_ORG, engineAt, newSimulation, noChanges, stepUpdate } from './simulation-fixtures.js';

const decreeInput = (id: string, tick: number, value: number): NewInput => ({
  tick,
  input: { kind: 'decree', decree: DecreeSchema.parse({ type: 'set-rule', payload: { rule: 'reflexivity', value } }), ref: id },
  decree: { id, type: 'set-rule', payload: { rule: 'reflexivity', value }, createdAt: `2030-01-01T00:00:0${tick}.000Z` },
});
const policyInput = (tick: number): NewInput => ({ tick, input: { kind: 'policy', agentId: 'a1', policy: { lambda: 2 } } satisfies EngineInput });
// The store keeps a prophecy's data as it is given; this one is shaped like the engine's.
const prophecy = (id: string, seq: number, tick: number): NewProphecy => ({
  id,
  seq,
  tick,
  data: { schema: 'prophecy/1', tick, horizon: 10, branches: 4, basins: [], expectedCentroid: null, expectedStability: 0.5 } as unknown as ProphecyData,
  createdAt: '2030-01-01T00:00:05.000Z',
});

/** Every byte value, so an encoding that mangles any of them (text, escapes) is caught. */
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

describe.each(DATABASES)('SimulationStore on $name', (database) => {
  async function open(): Promise<SimulationStore> {
    return (await database.open()).storage.simulations;
  }

  it('creates a simulation and reads it back: record, runnable snapshot, replay input, events', async () => {
    const store = await open();
    const simulation = newSimulation({ parent: undefined });
    const events = await store.create(simulation, {
      at: simulation.createdAt,
      inputs: [policyInput(0)],
      prophecies: [],
      events: [
        { type: 'simulation:status', tick: 0, data: { status: 'paused' } },
        { type: 'warning', tick: 0, data: { level: 'low', text: 'é ✓ "quoted" \\ \u2028' } },
      ],
    });
    expect(events.map((e) => [e.seq, e.type, e.simulationId, e.createdAt])).toEqual([
      [1, 'simulation:status', simulation.id, simulation.createdAt],
      [2, 'warning', simulation.id, simulation.createdAt],
    ]);

    const record = await store.get(simulation.id);
    expect(record).toEqual({
      id: simulation.id,
      organizationId: ORG,
      scenarioId: 'inline',
      engineVersion: simulation.engineVersion,
      status: 'paused',
      tick: 0,
      state: simulation.state,
      playbackSpeed: 1,
      version: 1,
      lastEventSeq: 2,
      createdAt: simulation.createdAt,
      updatedAt: simulation.createdAt,
      parent: null,
    });
    const runnable = await store.getRunnable(simulation.id);
    expect(runnable?.snapshot).toEqual(simulation.snapshot);
    expect(JSON.parse(runnable!.snapshotText.json)).toEqual(simulation.snapshot);
    expect(await store.getReplayInput(simulation.id)).toEqual({
      scenarioId: 'inline',
      engineVersion: simulation.engineVersion,
      scenario: simulation.scenario,
      tick: 0,
      inputs: [{ tick: 0, input: { kind: 'policy', agentId: 'a1', policy: { lambda: 2 } } }],
    });
    expect(await store.listEvents(simulation.id, 0, 10)).toEqual(events);
    expect(await store.ping()).toBe(true);
  });

  it('answers undefined for a simulation that does not exist', async () => {
    const store = await open();
    expect(await store.get('missing')).toBeUndefined();
    expect(await store.getRunnable('missing')).toBeUndefined();
    expect(await store.getReplayInput('missing')).toBeUndefined();
    expect(await store.nearestCheckpoint('missing', 100)).toBeUndefined();
    expect(await store.listEvents('missing', 0, 10)).toEqual([]);
  });

  it('applies an update: new version, state and snapshot, inputs and events numbered after the stored ones', async () => {
    const store = await open();
    const simulation = newSimulation();
    await store.create(simulation, {
      ...noChanges(simulation.createdAt),
      inputs: [policyInput(0)],
      events: [{ type: 'simulation:status', tick: 0, data: {} }],
    });

    const stored = await store.update(
      stepUpdate(simulation.id, 1, 3, {
        inputs: [decreeInput('d1', 1, 0.5), policyInput(2)],
        prophecies: [prophecy('p1', 1, 3)],
        events: [
          { type: 'decree', tick: 1, data: { id: 'd1' } },
          { type: 'prophecy', tick: 3, data: { id: 'p1' } },
        ],
      }),
    );
    expect(stored.map((e) => e.seq)).toEqual([2, 3]);
    const record = await store.get(simulation.id);
    expect(record).toMatchObject({ version: 2, tick: 3, state: engineAt(3).state, lastEventSeq: 3, updatedAt: '2030-01-01T00:00:03.000Z', playbackSpeed: 1 });
    expect((await store.getRunnable(simulation.id))?.snapshot).toEqual(engineAt(3).snapshot);
    expect((await store.getReplayInput(simulation.id))?.inputs.map((i) => [i.tick, i.input.kind])).toEqual([
      [0, 'policy'],
      [1, 'decree'],
      [2, 'policy'],
    ]);

    // A status change alone: the snapshot stays, the speed changes.
    const { snapshot: _unchanged, ...withoutSnapshot } = stepUpdate(simulation.id, 2, 3, { events: [{ type: 'simulation:status', tick: 3, data: {} }] });
    await store.update({ ...withoutSnapshot, status: 'playing', playbackSpeed: 2.5 });
    expect(await store.get(simulation.id)).toMatchObject({ version: 3, status: 'playing', playbackSpeed: 2.5, lastEventSeq: 4 });
    expect((await store.getRunnable(simulation.id))?.snapshot).toEqual(engineAt(3).snapshot);
    expect((await store.listEvents(simulation.id, 0, 100)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('refuses an update from a stale version or of an unknown simulation, writing nothing', async () => {
    const store = await open();
    const simulation = newSimulation();
    await store.create(simulation, noChanges(simulation.createdAt));
    await store.update(stepUpdate(simulation.id, 1, 1));

    const stale = stepUpdate(simulation.id, 1, 2, { inputs: [decreeInput('late', 2, 0.1)], events: [{ type: 'decree', tick: 2, data: {} }] });
    await expect(store.update(stale)).rejects.toBeInstanceOf(StaleSimulationError);
    await expect(store.update(stepUpdate('missing', 1, 1))).rejects.toBeInstanceOf(StaleSimulationError);
    expect(await store.get(simulation.id)).toMatchObject({ version: 2, tick: 1, lastEventSeq: 0 });
    expect((await store.listDecrees(simulation.id, { limit: 10, offset: 0, order: 'asc' })).total).toBe(0);
    expect(await store.listEvents(simulation.id, 0, 10)).toEqual([]);
  });

  it('lets exactly one of two concurrent updates from the same version win; the other is stale', async () => {
    const store = await open();
    const simulation = newSimulation();
    await store.create(simulation, noChanges(simulation.createdAt));
    const event = { type: 'decree' as const, tick: 1, data: {} };
    const outcomes = await Promise.allSettled([
      store.update(stepUpdate(simulation.id, 1, 1, { inputs: [decreeInput('a', 1, 0.1)], events: [event] })),
      store.update(stepUpdate(simulation.id, 1, 2, { inputs: [decreeInput('b', 1, 0.2)], events: [event] })),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [refused] = outcomes.filter((o) => o.status === 'rejected');
    expect(refused?.reason).toBeInstanceOf(StaleSimulationError);
    expect(await store.get(simulation.id)).toMatchObject({ version: 2, lastEventSeq: 1 });
    expect((await store.listDecrees(simulation.id, { limit: 10, offset: 0, order: 'asc' })).total).toBe(1);
  });

  it('reads a change committed through another handle on the next request', async () => {
    const opened = await database.open();
    const reader = opened.storage.simulations;
    const writer = (await opened.openAnother()).simulations;
    const simulation = newSimulation();
    await writer.create(simulation, noChanges(simulation.createdAt));
    expect((await reader.get(simulation.id))?.tick).toBe(0);
    expect((await reader.get(simulation.id))?.tick).toBe(0);
    await writer.update(stepUpdate(simulation.id, 1, 4));
    await nextTurn();
    expect(await reader.get(simulation.id)).toMatchObject({ tick: 4, version: 2 });
  });

  it('gives the same frozen record again while its version stands, a new one once another handle moves it', async () => {
    const opened = await database.open();
    const reader = opened.storage.simulations;
    const writer = (await opened.openAnother()).simulations;
    const simulation = newSimulation();
    await writer.create(simulation, noChanges(simulation.createdAt));
    const first = await reader.get(simulation.id);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.state)).toBe(true);
    await nextTurn();
    expect(await reader.get(simulation.id)).toBe(first);
    await writer.update(stepUpdate(simulation.id, 1, 3));
    await nextTurn();
    const moved = await reader.get(simulation.id);
    expect(moved).not.toBe(first);
    expect(moved).toMatchObject({ tick: 3, version: 2 });
    expect(moved?.state).toEqual(engineAt(3).state);
    expect(await reader.get(simulation.id)).toBe(moved);
  });

  it('lists an organization set newest first (ties by id), paged, with the total', async () => {
    const store = await open();
    const times = ['2030-01-01T00:00:01.000Z', '2030-01-01T00:00:03.000Z', '2030-01-01T00:00:02.000Z', '2030-01-01T00:00:03.000Z'];
    const created = [];
    for (const [i, createdAt] of times.entries()) {
      const simulation = newSimulation({ id: `sim-${i}`, createdAt });
      await store.create(simulation, noChanges(createdAt));
      created.push(simulation.id);
    }
    await store.create(newSimulation({ id: 'other', organizationId: OTHER_ORG, createdAt: '2030-01-01T00:00:09.000Z' }), noChanges('2030-01-01T00:00:09.000Z'));

    const all = await store.list({ organizationIds: [ORG], limit: 10, offset: 0 });
    expect(all.total).toBe(4);
    expect(all.items.map((s) => s.id)).toEqual(['sim-3', 'sim-1', 'sim-2', 'sim-0']);
    const page = await store.list({ organizationIds: [ORG], limit: 2, offset: 1 });
    expect([page.total, page.items.map((s) => s.id)]).toEqual([4, ['sim-1', 'sim-2']]);
    expect((await store.list({ organizationIds: [ORG, OTHER_ORG], limit: 1, offset: 0 })).items.map((s) => s.id)).toEqual(['other']);
    expect(await store.list({ organizationIds: [], limit: 10, offset: 0 })).toEqual({ items: [], total: 0 });
  });

  it('lists decrees and prophecies in either order, paged, and finds a decree only through its own simulation', async () => {
    const store = await open();
    const simulation = newSimulation();
    const other = newSimulation();
    await store.create(simulation, noChanges(simulation.createdAt));
    await store.create(other, noChanges(other.createdAt));
    await store.update(
      stepUpdate(simulation.id, 1, 3, {
        inputs: [decreeInput('d1', 1, 0.1), policyInput(1), decreeInput('d2', 2, 0.2), decreeInput('d3', 3, 0.3)],
        prophecies: [prophecy('p1', 1, 1), prophecy('p2', 2, 2), prophecy('p3', 3, 3)],
      }),
    );

    const decrees = await store.listDecrees(simulation.id, { limit: 2, offset: 0, order: 'desc' });
    expect(decrees.total).toBe(3);
    expect(decrees.items.map((d) => [d.id, d.seq, d.tick])).toEqual([
      ['d3', 4, 3],
      ['d2', 3, 2],
    ]);
    expect((await store.listDecrees(simulation.id, { limit: 2, offset: 2, order: 'desc' })).items.map((d) => d.id)).toEqual(['d1']);
    expect(await store.getDecree(simulation.id, 'd1')).toEqual({
      id: 'd1',
      simulationId: simulation.id,
      seq: 1,
      tick: 1,
      type: 'set-rule',
      payload: { rule: 'reflexivity', value: 0.1 },
      createdAt: '2030-01-01T00:00:01.000Z',
    });
    expect(await store.getDecree(other.id, 'd1')).toBeUndefined();

    const prophecies = await store.listProphecies(simulation.id, { limit: 2, offset: 1, order: 'asc' });
    expect(prophecies.total).toBe(3);
    expect(prophecies.items).toEqual([
      { ...prophecy('p2', 2, 2), simulationId: simulation.id },
      { ...prophecy('p3', 3, 3), simulationId: simulation.id },
    ]);
    expect(await store.listProphecies(other.id, { limit: 10, offset: 0, order: 'asc' })).toEqual({ items: [], total: 0 });
  });

  it('replays events after a seq, in order, at most `limit`', async () => {
    const store = await open();
    const simulation = newSimulation();
    const events = Array.from({ length: 250 }, (_, i) => ({ type: 'warning' as const, tick: i, data: { i } }));
    // More than one insert batch: seqs stay contiguous across batches.
    await store.create(simulation, { ...noChanges(simulation.createdAt), events });
    expect((await store.listEvents(simulation.id, 0, 1_000)).map((e) => e.seq)).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
    const page = await store.listEvents(simulation.id, 100, 3);
    expect(page.map((e) => [e.seq, e.tick, e.data])).toEqual([
      [101, 100, { i: 100 }],
      [102, 101, { i: 101 }],
      [103, 102, { i: 102 }],
    ]);
    expect(await store.listEvents(simulation.id, 250, 10)).toEqual([]);
  });

  it('keeps checkpoints byte for byte and finds the nearest at or before a tick', async () => {
    const store = await open();
    const simulation = newSimulation();
    await store.create(simulation, { ...noChanges(simulation.createdAt), checkpoints: [{ tick: 0, bytes: ALL_BYTES }] });
    await store.update(
      stepUpdate(simulation.id, 1, 20, {
        checkpoints: [
          { tick: 10, bytes: Uint8Array.of(10, 0, 255) },
          { tick: 20, bytes: Uint8Array.of(20) },
        ],
      }),
    );

    expect(await store.nearestCheckpoint(simulation.id, 9)).toEqual({ tick: 0, bytes: ALL_BYTES });
    expect(await store.nearestCheckpoint(simulation.id, 10)).toEqual({ tick: 10, bytes: Uint8Array.of(10, 0, 255) });
    expect(await store.nearestCheckpoint(simulation.id, 1_000)).toEqual({ tick: 20, bytes: Uint8Array.of(20) });
    expect(await store.nearestCheckpoint(simulation.id, -1)).toBeUndefined();
  });

  it('creates a fork with its origin, reading the checkpoints up to its tick only through its parent', async () => {
    const store = await open();
    const parent = newSimulation({ id: 'parent' });
    await store.create(parent, { ...noChanges(parent.createdAt), checkpoints: [{ tick: 0, bytes: Uint8Array.of(0) }] });
    await store.update(
      stepUpdate(parent.id, 1, 30, {
        checkpoints: [
          { tick: 10, bytes: Uint8Array.of(1) },
          { tick: 20, bytes: Uint8Array.of(2) },
          { tick: 30, bytes: Uint8Array.of(3) },
        ],
      }),
    );

    const late = newSimulation({ id: 'fork-b', createdAt: '2030-01-02T00:00:00.000Z', parent: { id: parent.id, atTick: 25 }, ...engineAt(25) });
    const early = newSimulation({ id: 'fork-a', createdAt: '2030-01-02T00:00:00.000Z', parent: { id: parent.id, atTick: 10 }, ...engineAt(10) });
    await store.create(late, noChanges(late.createdAt));
    await store.create(early, noChanges(early.createdAt));

    expect((await store.get('fork-b'))?.parent).toEqual({ id: 'parent', atTick: 25 });
    expect(await store.nearestCheckpoint('fork-b', 1_000)).toEqual({ tick: 20, bytes: Uint8Array.of(2) });
    expect(await store.nearestCheckpoint('fork-a', 1_000)).toEqual({ tick: 10, bytes: Uint8Array.of(1) });
    // The parent keeps its own.
    expect(await store.nearestCheckpoint('parent', 1_000)).toEqual({ tick: 30, bytes: Uint8Array.of(3) });
    expect(await store.listForks('parent')).toEqual([
      { id: 'fork-a', organizationId: ORG, atTick: 10, createdAt: '2030-01-02T00:00:00.000Z' },
      { id: 'fork-b', organizationId: ORG, atTick: 25, createdAt: '2030-01-02T00:00:00.000Z' },
    ]);
    expect(await store.listForks('fork-a')).toEqual([]);
  });

  it('shares a fork’s history up to its tick through its parent, copying none of it', async () => {
    const { storage } = await database.open();
    const store = storage.simulations;
    const parent = newSimulation({ id: 'root' });
    const event = (type: StoredEventType, tick: number) => ({ type, tick, data: { tick, type } });
    await store.create(parent, noChanges(parent.createdAt));
    await store.update(
      stepUpdate(parent.id, 1, 10, {
        inputs: [policyInput(3), decreeInput('d-7', 7, 0.5)],
        prophecies: [prophecy('p1', 1, 5), prophecy('p2', 2, 10)],
        events: [event('prophecy', 5), event('simulation:status', 6), event('decree', 7), event('prophecy', 10)],
        checkpoints: [{ tick: 10, bytes: Uint8Array.of(10) }],
      }),
    );
    const fork = newSimulation({ id: 'fork', createdAt: '2030-01-03T00:00:00.000Z', parent: { id: parent.id, atTick: 8 }, ...engineAt(8) });
    await store.create(fork, { at: fork.createdAt, inputs: [policyInput(9)], prophecies: [], events: [] });
    // Nothing of the parent's history was copied into the fork's rows: only its own input.
    const rowsOf = async (table: 'simulation_events' | 'prophecies' | 'simulation_inputs' | 'simulation_checkpoints'): Promise<number> =>
      (await storage.db.selectFrom(table).select('simulation_id').where('simulation_id', '=', fork.id).execute()).length;
    expect([await rowsOf('simulation_events'), await rowsOf('prophecies'), await rowsOf('simulation_inputs'), await rowsOf('simulation_checkpoints')]).toEqual([
      0, 0, 1, 0,
    ]);
    // The parent moves on: the fork's history up to tick 8 stays what it was.
    await store.update(stepUpdate(parent.id, 2, 20, { prophecies: [prophecy('p3', 3, 15)], events: [event('loss', 12)], inputs: [policyInput(12)] }));
    await store.update(
      stepUpdate(fork.id, 1, 12, {
        prophecies: [prophecy('f3', 2, 10)],
        events: [event('prophecy', 10), event('simulation:status', 12)],
        checkpoints: [{ tick: 12, bytes: Uint8Array.of(12) }],
      }),
    );

    expect((await store.get(fork.id))?.lastEventSeq).toBe(4);
    const events = await store.listEvents(fork.id, 0, 100);
    expect(events.map(({ seq, type, tick }) => ({ seq, type, tick }))).toEqual([
      { seq: 1, type: 'prophecy', tick: 5 },
      { seq: 2, type: 'decree', tick: 7 },
      { seq: 3, type: 'prophecy', tick: 10 },
      { seq: 4, type: 'simulation:status', tick: 12 },
    ]);
    expect(events[0]).toMatchObject({ simulationId: fork.id, createdAt: fork.createdAt, data: { tick: 5, type: 'prophecy' } });
    // Paged from any seq, across the inherited and the own.
    expect((await store.listEvents(fork.id, 1, 2)).map((e) => e.seq)).toEqual([2, 3]);
    expect((await store.listEvents(fork.id, 3, 10)).map((e) => e.seq)).toEqual([4]);

    const replay = await store.getReplayInput(fork.id);
    expect(replay?.inputs.map((i) => i.tick)).toEqual([3, 7, 9]);
    expect(await store.nearestCheckpoint(fork.id, 11)).toBeUndefined();
    expect(await store.nearestCheckpoint(fork.id, 100)).toEqual({ tick: 12, bytes: Uint8Array.of(12) });

    const asc = await store.listProphecies(fork.id, { limit: 10, offset: 0, order: 'asc' });
    expect(asc.total).toBe(2);
    expect(asc.items.map((p) => ({ seq: p.seq, tick: p.tick, simulationId: p.simulationId }))).toEqual([
      { seq: 1, tick: 5, simulationId: fork.id },
      { seq: 2, tick: 10, simulationId: fork.id },
    ]);
    expect(asc.items[0]?.id).toBe(prophecyId(fork.id, 1));
    expect(asc.items[0]?.createdAt).toBe(fork.createdAt);
    expect(asc.items[1]?.id).toBe('f3');
    const desc = await store.listProphecies(fork.id, { limit: 1, offset: 0, order: 'desc' });
    expect(desc).toMatchObject({ total: 2, items: [{ id: 'f3' }] });

    // A fork of the fork, before and after the fork's own branch point.
    const early = newSimulation({ id: 'grandchild-early', createdAt: '2030-01-04T00:00:00.000Z', parent: { id: fork.id, atTick: 6 }, ...engineAt(6) });
    const late = newSimulation({ id: 'grandchild-late', createdAt: '2030-01-04T00:00:00.000Z', parent: { id: fork.id, atTick: 12 }, ...engineAt(12) });
    await store.create(early, noChanges(early.createdAt));
    await store.create(late, noChanges(late.createdAt));
    expect((await store.listEvents(early.id, 0, 100)).map(({ seq, type, tick }) => ({ seq, type, tick }))).toEqual([{ seq: 1, type: 'prophecy', tick: 5 }]);
    expect((await store.listEvents(late.id, 0, 100)).map(({ seq, type, tick }) => ({ seq, type, tick }))).toEqual([
      { seq: 1, type: 'prophecy', tick: 5 },
      { seq: 2, type: 'decree', tick: 7 },
      { seq: 3, type: 'prophecy', tick: 10 },
    ]);
    expect((await store.getReplayInput(early.id))?.inputs.map((i) => i.tick)).toEqual([3]);
    expect((await store.getReplayInput(late.id))?.inputs.map((i) => i.tick)).toEqual([3, 7, 9]);
    expect((await store.listProphecies(late.id, { limit: 10, offset: 0, order: 'asc' })).items.map((p) => p.id)).toEqual([
      prophecyId(late.id, 1),
      prophecyId(late.id, 2),
    ]);
    expect(await store.nearestCheckpoint(late.id, 100)).toEqual({ tick: 12, bytes: Uint8Array.of(12) });
    expect(await store.nearestCheckpoint(early.id, 100)).toBeUndefined();
  });

  it('lists the ids of every simulation in a status, sorted', async () => {
    const store = await open();
    for (const [id, status] of [
      ['c', 'playing'],
      ['a', 'playing'],
      ['b', 'paused'],
    ] as const) {
      await store.create(newSimulation({ id, status }), noChanges('2030-01-01T00:00:00.000Z'));
    }
    expect(await store.listIdsByStatus('playing')).toEqual(['a', 'c']);
    expect(await store.listIdsByStatus('failed')).toEqual([]);
  });
});

describe.each(SHARED_DATABASES)('SimulationStore shared by two instances on $name', (database) => {
  it('serializes updates from two instances: each version is won once, nothing is lost', async () => {
    const opened = await database.open();
    const instances = [opened.storage.simulations, (await opened.openAnother()).simulations];
    const simulation = newSimulation();
    await instances[0]!.create(simulation, noChanges(simulation.createdAt));
    // Each instance retries on a stale version, as the service does: 10 decrees land, each once.
    const writer = async (store: SimulationStore, name: string): Promise<number> => {
      let stale = 0;
      for (let i = 0; i < 5; i += 1) {
        for (;;) {
          const { version, tick } = (await store.get(simulation.id))!;
          try {
            await store.update(
              stepUpdate(simulation.id, version, tick + 1, {
                inputs: [decreeInput(`${name}${i}`, tick + 1, 0.1)],
                events: [{ type: 'decree', tick: tick + 1, data: {} }],
              }),
            );
            break;
          } catch (error) {
            if (!(error instanceof StaleSimulationError)) throw error;
            stale += 1;
          }
        }
      }
      return stale;
    };
    await Promise.all([writer(instances[0]!, 'a'), writer(instances[1]!, 'b')]);
    expect(await instances[1]!.get(simulation.id)).toMatchObject({ version: 11, tick: 10, lastEventSeq: 10 });
    const decrees = await instances[0]!.listDecrees(simulation.id, { limit: 100, offset: 0, order: 'asc' });
    expect(decrees.items.map((d) => d.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect((await instances[0]!.listEvents(simulation.id, 0, 100)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
