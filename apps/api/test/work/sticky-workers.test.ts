import { afterAll, describe, expect, it } from 'vitest';
import { Piscina } from 'piscina';
import type { SnapshotText } from '../../src/engine-data/checkpoint.js';
import type { AdvanceTask } from '../../src/engine-work/engine-task.js';
import { stickyBalancer, withAffinity, type LoadBalancer } from '../../src/engine-work/sticky-balancer.js';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import { prebuiltScenario } from '../support/scenario-files.js';

// With several engine threads, a simulation's steps go to the thread that kept its world
// (docs/operations.md, "Warm worlds"): piscina's own balancer takes the first idle thread, so
// two simulations stepped together swap threads whenever their order changes, and each step
// then restores its world from the stored snapshot instead of taking the one kept.

type Worker = Parameters<LoadBalancer>[1][number];
type Task = Parameters<LoadBalancer>[0];

const worker = (id: number, currentUsage = 0): Worker =>
  ({ id, currentUsage, isRunningAbortableTask: false, histogram: null, terminating: false, destroyed: false }) as unknown as Worker;
const task = (simulationId?: string): Task =>
  withAffinity({ taskId: 1, filename: 'x', name: 'default', created: 0, isAbortable: false }, simulationId) as unknown as Task;

describe('the sticky balancer', () => {
  it("gives a simulation's task to the worker that ran its last one, while that worker is idle", () => {
    const balance = stickyBalancer();
    const workers = [worker(1), worker(2)];
    expect(balance(task('a'), workers)?.id).toBe(1);
    // b goes to the worker a was not given.
    expect(balance(task('b'), workers)?.id).toBe(2);
    // In the other order, each still finds its own.
    expect(balance(task('b'), workers)?.id).toBe(2);
    expect(balance(task('a'), workers)?.id).toBe(1);
  });

  it('takes another idle worker rather than wait for a busy one, and nothing when every worker is busy', () => {
    const balance = stickyBalancer();
    expect(balance(task('a'), [worker(1), worker(2)])?.id).toBe(1);
    expect(balance(task('a'), [worker(1, 1), worker(2)])?.id).toBe(2);
    // a's world is now on worker 2.
    expect(balance(task('a'), [worker(1), worker(2)])?.id).toBe(2);
    expect(balance(task('a'), [worker(1, 1), worker(2, 1)])).toBeNull();
    expect(balance(task(), [worker(1, 1), worker(2, 1)])).toBeNull();
  });

  it('gives a task of no simulation the worker given a simulation longest ago, and skips workers that end', () => {
    const balance = stickyBalancer();
    const workers = [worker(1), worker(2), worker(3)];
    balance(task('a'), workers);
    balance(task('b'), workers);
    expect(balance(task(), workers)?.id).toBe(3);
    expect(balance(task('a'), [{ ...worker(1), terminating: true } as Worker, worker(2), worker(3)])?.id).toBe(3);
  });

  it('remembers a bounded number of simulations, the least recently placed forgotten first', () => {
    const balance = stickyBalancer(2);
    expect(balance(task('a'), [worker(1), worker(2)])?.id).toBe(1);
    expect(balance(task('b'), [worker(1), worker(2)])?.id).toBe(2);
    // c, while 2 is busy, goes to 1; a is forgotten.
    expect(balance(task('c'), [worker(1), worker(2, 1)])?.id).toBe(1);
    // c keeps 1, although 2 was given a simulation longer ago.
    expect(balance(task('c'), [worker(1), worker(2)])?.id).toBe(1);
    // a, forgotten, no longer goes to 1: it takes the worker given a simulation longest ago.
    expect(balance(task('a'), [worker(1), worker(2)])?.id).toBe(2);
  });

  it('leaves the task it is given unchanged, and its affinity out of what a worker receives', () => {
    const original = { kind: 'advance' };
    const sent = withAffinity(original, 'a');
    expect(original).toEqual({ kind: 'advance' });
    expect(Object.getOwnPropertySymbols(original)).toEqual([]);
    expect((sent as Record<symbol, unknown>)[Piscina.queueOptionsSymbol]).toEqual({ simulationId: 'a' });
    expect(structuredClone(sent)).toEqual({ kind: 'advance' });
    expect(Object.getOwnPropertySymbols(structuredClone(sent))).toEqual([]);
    // A task made by Piscina.move() is sent as it is: a copy would lose what it transfers.
    const moved = Piscina.move(new Uint8Array(4));
    expect(withAffinity(moved, 'a')).toBe(moved);
  });
});

describe('two simulations stepped together on two engine threads', () => {
  const engine = createWorkerPoolRunner({ threads: 2 });
  afterAll(() => engine.close());

  it('each step takes the world its thread kept, whichever simulation is sent first', async () => {
    const heads = new Map<string, { snapshot: SnapshotText; ahead: number }>();
    // Two worlds that differ (two worlds alike would share one snapshot text, and either thread's kept world would do).
    for (const [id, scenarioId] of [
      ['a', 'calm-equilibrium'],
      ['b', 'basin-cascade'],
    ] as const) {
      const created = await engine.create({ kind: 'create', scenario: prebuiltScenario(scenarioId), engineVersion: '1.4.0', keepSnapshot: true });
      if (created.kind !== 'created' || created.snapshot === undefined) throw new Error('not created');
      heads.set(id, { snapshot: created.snapshot, ahead: 0 });
    }
    const stepOf = (id: string): AdvanceTask => ({
      kind: 'advance',
      simulationId: id,
      from: heads.get(id) as { snapshot: SnapshotText; ahead: number },
      ticks: 1,
      snapshotEvery: 1_000,
      keepSteps: false,
      checkpointEvery: 0,
    });
    let restored = 0;
    let kept = 0;
    for (const order of [
      ['a', 'b'],
      ['b', 'a'],
      ['a', 'b'],
      ['b', 'a'],
      ['b', 'a'],
      ['a', 'b'],
    ]) {
      const results = await Promise.all(order.map((id) => engine.advance(stepOf(id))));
      order.forEach((id, i) => {
        const result = results[i];
        const head = heads.get(id);
        if (result === undefined || head === undefined) throw new Error('no result');
        // A world restored stores a new snapshot; a world kept runs on past the stored one.
        if (result.snapshot === null) {
          kept++;
          heads.set(id, { snapshot: head.snapshot, ahead: head.ahead + result.advanced });
        } else {
          restored++;
          heads.set(id, { snapshot: result.snapshot, ahead: 0 });
        }
      });
    }
    // Only each simulation's first step restores (it names the snapshot create handed back).
    expect({ restored, kept }).toEqual({ restored: 2, kept: 10 });
  }, 60_000);
});
