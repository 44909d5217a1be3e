// A second thread doing what prophecy-threads.bench.ts does on one: the same prophecies, each
// restored and stepped on this thread alone, so that the bench can time one copy of the work
// against two copies side by side (what two threads can gain at most on this machine).
import { parentPort, workerData } from 'node:worker_threads';
import { Simulation, type EngineSnapshot } from '@sim/engine';

/** Milliseconds to restore and step once each snapshot. */
export function stepEach(from: readonly EngineSnapshot[]): number {
  const started = performance.now();
  for (const snapshot of from) Simulation.restore(snapshot).step(1, { onEvent: () => undefined });
  return performance.now() - started;
}

// Imported by the bench itself for stepEach: only a worker started with snapshots listens.
const port = parentPort;
const given = workerData as { snapshots?: EngineSnapshot[] } | null;
if (port !== null && given?.snapshots !== undefined) {
  const snapshots = given.snapshots;
  port.on('message', (rounds: number) => {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) times.push(stepEach(snapshots));
    port.postMessage(times);
  });
}
