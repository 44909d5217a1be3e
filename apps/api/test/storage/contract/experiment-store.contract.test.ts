import { describe, expect, it } from 'vitest';
import type { EventOf, ExperimentRun, ExperimentStore, NewExperiment } from '../../../src/experiments/experiment-store.js';
import { DATABASES } from './databases.js';
import { ORG, OTHER_ORG, SCENARIO } from './simulation-fixtures.js';

const created = { type: 'experiment:status' as const, data: { status: 'queued' } };
/** A status event, with the count of runs done the store hands over. */
const statusEvent =
  (status: string): EventOf =>
  (done) => ({ type: 'experiment:status', data: { status, done } });
/** Room enough for every experiment a test stores. */
const ROOM = { unfinished: 100 };
const RUNNING = { status: 'running' as const, at: '2030-01-01T00:00:05.000Z', startedAt: '2030-01-01T00:00:05.000Z' };

function newExperiment(id: string, overrides: Partial<NewExperiment> = {}): NewExperiment {
  return {
    id,
    organizationId: ORG,
    tier: 'pro',
    scenarioId: 'inline',
    spec: {
      base: { kind: 'scenario', scenarioId: 'inline', scenario: SCENARIO },
      engineVersion: '3.0.0',
      parameters: [{ path: 'rules.reflexivity', values: [0.1, 0.9] }],
      replications: 3,
      seed: 42,
      ticks: 50,
      metrics: ['stability', 'lost:w'],
    },
    combinations: 2,
    runsTotal: 6,
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function run(combination: number, replication: number, computed: boolean, overrides: Partial<ExperimentRun> = {}): ExperimentRun {
  return {
    combination,
    replication,
    // Seeds are unsigned 32-bit or wider: beyond a 32-bit signed integer on purpose.
    seed: 2 ** 40 + combination * 10 + replication,
    inputsHash: `${combination}`.padStart(64, 'a'),
    metrics: { stability: 0.75, 'lost:w': false, label: 'é', missing: null },
    computed,
    finishedAt: `2030-01-01T00:01:0${replication}.000Z`,
    ...overrides,
  };
}

/** A run event, with the count of runs done the store hands over. */
const runEventOf =
  (n: number): EventOf =>
  (done) => ({ type: 'run', data: { n, done } });

describe.each(DATABASES)('ExperimentStore on $name', (database) => {
  async function open(): Promise<ExperimentStore> {
    return (await database.open()).storage.experiments;
  }

  it('creates an experiment, queued, with its first event', async () => {
    const store = await open();
    const experiment = newExperiment('e1');
    await store.create(experiment, created, ROOM);
    expect(await store.get('e1')).toEqual({
      ...experiment,
      status: 'queued',
      runsDone: 0,
      runsComputed: 0,
      lastEventSeq: 1,
      error: null,
      startedAt: null,
      finishedAt: null,
    });
    expect(await store.eventsAfter('e1', 0, 10)).toEqual([{ seq: 1, ...created }]);
    expect(await store.get('missing')).toBeUndefined();
  });

  it('lists newest first (ties by id), paged, with the total; unfinished ones oldest first; counts them', async () => {
    const store = await open();
    await store.create(newExperiment('e-a', { createdAt: '2030-01-01T00:00:01.000Z' }), created, ROOM);
    await store.create(newExperiment('e-c', { createdAt: '2030-01-01T00:00:02.000Z' }), created, ROOM);
    await store.create(newExperiment('e-b', { createdAt: '2030-01-01T00:00:02.000Z' }), created, ROOM);
    await store.create(newExperiment('e-other', { organizationId: OTHER_ORG, createdAt: '2030-01-01T00:00:03.000Z' }), created, ROOM);
    await store.setStatus('e-c', RUNNING, statusEvent('running'));
    await store.setStatus('e-a', { status: 'completed', at: '2030-01-01T00:00:06.000Z', finishedAt: '2030-01-01T00:00:06.000Z' }, statusEvent('completed'));

    const page = await store.list({ organizationIds: [ORG], limit: 2, offset: 0 });
    expect([page.total, page.items.map((e) => e.id)]).toEqual([3, ['e-c', 'e-b']]);
    expect((await store.list({ organizationIds: [ORG], limit: 2, offset: 2 })).items.map((e) => e.id)).toEqual(['e-a']);
    expect(await store.list({ organizationIds: [], limit: 2, offset: 0 })).toEqual({ items: [], total: 0 });
    expect((await store.listUnfinished()).map((e) => [e.id, e.status])).toEqual([
      ['e-b', 'queued'],
      ['e-c', 'running'],
      ['e-other', 'queued'],
    ]);
    // Without the spec (an inline base can be megabytes): only what admission weighs.
    expect((await store.listUnfinished())[0]).toEqual({ id: 'e-b', organizationId: ORG, status: 'queued', tier: 'pro', runsDone: 0, runsTotal: 6 });
    expect([await store.organizationOf('e-other'), await store.organizationOf('e-a'), await store.organizationOf('nobody')]).toEqual([
      OTHER_ORG,
      ORG,
      undefined,
    ]);
    expect(await store.countUnfinished(ORG)).toEqual({ queued: 1, running: 1 });
    expect(await store.countUnfinished('nobody')).toEqual({ queued: 0, running: 0 });
  });

  it('stores nothing past the room an organization has, submissions sent together included', async () => {
    const opened = await database.open();
    const store = opened.storage.experiments;
    // On PostgreSQL each submission through its own handle, as from several instances; one
    // process owns a SQLite database, and its one connection runs a transaction at a time.
    const another = async (): Promise<ExperimentStore> => (database.name === 'postgresql' ? (await opened.openAnother()).experiments : store);
    const stores = [store, ...(await Promise.all([1, 2, 3, 4, 5].map(another)))];
    await store.create(newExperiment('e-first'), created, ROOM);
    await store.setStatus('e-first', RUNNING, statusEvent('running'));
    await store.create(newExperiment('e-elsewhere', { organizationId: OTHER_ORG }), created, ROOM);
    const outcomes = await Promise.all(stores.map((each, n) => each.create(newExperiment(`e-${n}`), created, { unfinished: 3 })));
    expect(outcomes.filter((outcome) => outcome === undefined)).toHaveLength(2);
    for (const refused of outcomes.filter((outcome) => outcome !== undefined)) expect(refused).toEqual({ queued: 2, running: 1 });
    expect(await store.countUnfinished(ORG)).toEqual({ queued: 2, running: 1 });
    const stored = (await store.list({ organizationIds: [ORG], limit: 10, offset: 0 })).items.map((e) => e.id);
    expect(stored).toHaveLength(3);
    for (const n of [0, 1, 2, 3, 4, 5]) if (!stored.includes(`e-${n}`)) expect(await store.eventsAfter(`e-${n}`, 0, 10)).toEqual([]);
  });

  it('sets a status with its times and error, each change with the next event', async () => {
    const store = await open();
    await store.create(newExperiment('e1'), created, ROOM);
    const started = await store.setStatus('e1', RUNNING, statusEvent('running'));
    expect(started).toEqual({ seq: 2, type: 'experiment:status', data: { status: 'running', done: 0 } });
    await store.setStatus(
      'e1',
      { status: 'failed', at: '2030-01-01T00:00:09.000Z', finishedAt: '2030-01-01T00:00:09.000Z', error: 'domain adapter x is gone' },
      statusEvent('failed'),
    );
    expect(await store.get('e1')).toMatchObject({
      status: 'failed',
      startedAt: '2030-01-01T00:00:05.000Z',
      finishedAt: '2030-01-01T00:00:09.000Z',
      error: 'domain adapter x is gone',
      lastEventSeq: 3,
    });
    expect(await store.setStatus('missing', { status: 'running', at: '2030-01-01T00:00:05.000Z' }, statusEvent('running'))).toBeUndefined();
    expect(await store.eventsAfter('missing', 0, 10)).toEqual([]);
  });

  it('answers an experiment’s progress as its record has it, without the spec', async () => {
    const store = await open();
    await store.create(newExperiment('e1'), created, ROOM);
    expect(await store.progress('e1')).toEqual({ status: 'queued', runsDone: 0, runsTotal: (await store.get('e1'))?.runsTotal, lastEventSeq: 1 });
    await store.setStatus('e1', RUNNING, statusEvent('running'));
    await store.recordRun('e1', run(0, 0, true), runEventOf(1));
    const { status, runsDone, runsTotal, lastEventSeq } = (await store.get('e1'))!;
    expect(await store.progress('e1')).toEqual({ status, runsDone, runsTotal, lastEventSeq });
    expect({ status, runsDone, lastEventSeq }).toEqual({ status: 'running', runsDone: 1, lastEventSeq: 3 });
    expect(await store.progress('missing')).toBeUndefined();
  });

  it('records runs with their counters, results and events; lists runs in combination order', async () => {
    const store = await open();
    await store.create(newExperiment('e1'), created, ROOM);
    await store.create(newExperiment('e2'), created, ROOM);
    await store.setStatus('e1', RUNNING, statusEvent('running'));
    await store.setStatus('e2', RUNNING, statusEvent('running'));

    expect(await store.recordRun('e1', run(1, 0, true), runEventOf(1))).toEqual({ seq: 3, type: 'run', data: { n: 1, done: 1 } });
    await store.recordRun('e1', run(0, 1, true, { recordedBy: 'host-a:12' }), runEventOf(2));
    // Another experiment with the same inputs reuses the stored result instead of computing it.
    expect(await store.storedResult(run(1, 0, true).inputsHash)).toEqual(run(1, 0, true).metrics);
    await store.recordRun('e2', run(1, 0, false), runEventOf(1));
    // Computed again (as by two processes at once): counted, never hidden.
    await store.recordRun('e2', run(1, 1, true), runEventOf(2));

    expect(await store.get('e1')).toMatchObject({ runsDone: 2, runsComputed: 2, lastEventSeq: 4 });
    expect(await store.get('e2')).toMatchObject({ runsDone: 2, runsComputed: 1, lastEventSeq: 4 });
    expect(await store.listRuns('e1')).toEqual([run(0, 1, true, { recordedBy: 'host-a:12' }), run(1, 0, true)]);
    expect(await store.listRuns('e2')).toEqual([run(1, 0, false), run(1, 1, true)]);
    expect(await store.listRuns('e1', { from: 1, to: 2 })).toEqual([run(1, 0, true)]);
    expect(await store.computations(run(1, 0, true).inputsHash)).toBe(2);
    expect(await store.computations(run(0, 1, true).inputsHash)).toBe(1);
    expect(await store.computations('f'.repeat(64))).toBe(0);
    expect(await store.storedResult('f'.repeat(64))).toBeUndefined();
    expect(await store.eventsAfter('e1', 2, 1)).toEqual([{ seq: 3, type: 'run', data: { n: 1, done: 1 } }]);
  });

  it('records a run once, only while its experiment runs, and changes a status only from the ones given', async () => {
    const store = await open();
    await store.create(newExperiment('e1'), created, ROOM);
    expect(await store.recordRun('e1', run(0, 0, true), runEventOf(1)), 'a queued experiment records nothing').toBeUndefined();
    expect(await store.setStatus('e1', { ...RUNNING, from: ['queued'] }, statusEvent('running'))).toMatchObject({ seq: 2 });
    expect(await store.setStatus('e1', { ...RUNNING, from: ['queued'] }, statusEvent('running')), 'started twice').toBeUndefined();

    expect(await store.recordRun('e1', run(0, 0, true), runEventOf(1))).toMatchObject({ seq: 3, data: { done: 1 } });
    // Taken again after its process died: not stored twice, nor counted, nor computed twice.
    expect(await store.recordRun('e1', run(0, 0, true), runEventOf(1)), 'the same run again').toBeUndefined();
    expect(await store.get('e1')).toMatchObject({ runsDone: 1, runsComputed: 1, lastEventSeq: 3 });
    expect(await store.computations(run(0, 0, true).inputsHash)).toBe(1);

    const cancelled = await store.setStatus(
      'e1',
      { status: 'cancelled', at: '2030-01-01T00:00:07.000Z', finishedAt: '2030-01-01T00:00:07.000Z', from: ['queued', 'running'] },
      statusEvent('cancelled'),
    );
    expect(cancelled).toEqual({ seq: 4, type: 'experiment:status', data: { status: 'cancelled', done: 1 } });
    expect(await store.recordRun('e1', run(1, 0, true), runEventOf(2)), 'after a cancel').toBeUndefined();
    expect(
      await store.setStatus('e1', { status: 'completed', at: '2030-01-01T00:00:08.000Z', from: ['running'] }, statusEvent('completed')),
      'completed after a cancel',
    ).toBeUndefined();
    expect(await store.get('e1')).toMatchObject({ status: 'cancelled', runsDone: 1, lastEventSeq: 4 });
    expect((await store.eventsAfter('e1', 0, 10)).map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it('records no run of an experiment that does not exist', async () => {
    const store = await open();
    expect(await store.recordRun('missing', run(0, 0, true), runEventOf(1))).toBeUndefined();
    expect(await store.listRuns('missing')).toEqual([]);
    expect(await store.computations(run(0, 0, true).inputsHash)).toBe(0);
  });

  it('numbers the events of concurrent runs without a gap or a duplicate', async () => {
    const opened = await database.open();
    // On PostgreSQL the runs come from two instances, as the job queue hands them out.
    const stores = [opened.storage.experiments, database.name === 'postgresql' ? (await opened.openAnother()).experiments : opened.storage.experiments];
    await stores[0]!.create(newExperiment('e1', { runsTotal: 12, combinations: 4 }), created, ROOM);
    await stores[0]!.setStatus('e1', RUNNING, statusEvent('running'));
    const events = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % 2]!.recordRun('e1', run(i % 4, Math.floor(i / 4), true), runEventOf(i))));
    expect(events.map((e) => e?.seq).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 12 }, (_, i) => i + 3));
    // Each event reports the count with its own run: every count from 1 to 12 once.
    expect(events.map((e) => e?.data.done).sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await stores[1]!.get('e1')).toMatchObject({ runsDone: 12, runsComputed: 12, lastEventSeq: 14 });
    expect(await stores[0]!.listRuns('e1')).toHaveLength(12);
  });
});
