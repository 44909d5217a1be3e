// A prophecy helper thread: runs branch jobs of the engine worker that started it, on a world
// rebuilt from the data of the prophecy's world. It keeps the worlds of branches the engine
// asks to keep, so a later job continues them, until the prophecy is over.
// docs/engine.md, "Branches on several threads".
import { BranchWorkspace, type BranchGround, type BranchJob } from '@sim/engine';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { collectYoungGeneration } from '../young-collection.js';
import { claimOf, DONE, type BranchBatchMessage, type BranchReleaseMessage, type BranchResultMessage } from './branch-messages.js';

const results = (workerData as { results: MessagePort }).results;
let current: { id: number; workspace: BranchWorkspace } | null = null;
/** The ground of the last world received, kept across prophecies: the engine worker sends it again only for another world. */
let ground: BranchGround | null = null;

function workspaceFor(batch: BranchBatchMessage): BranchWorkspace | null {
  if (current?.id === batch.workspaceId) return current.workspace;
  if (batch.world === null) return null;
  current = { id: batch.workspaceId, workspace: BranchWorkspace.fromData(batch.world, ground) };
  return current.workspace;
}

function onBatch(batch: BranchBatchMessage): void {
  // Kept even from a batch not worked on: the engine worker counts it as held from now on.
  if (batch.world?.ground) ground = batch.world.ground;
  const control = new Int32Array(batch.control);
  const me = batch.participant;
  // Its own kept branches and the unpinned ones, longest first (what is left of a kept branch is
  // what it has not run yet); never another thread's kept branch.
  const order = batch.order.filter((j) => batch.pinned[j] === me || batch.pinned[j] === -1);
  // A batch already taken by the others (it came late) is not worth rebuilding the world for.
  if (order.every((j) => Atomics.load(control, claimOf(j)) !== 0)) return;
  const workspace = workspaceFor(batch);
  if (workspace === null) return;
  for (const j of order) {
    if (Atomics.compareExchange(control, claimOf(j), 0, me + 1) !== 0) continue;
    let message: BranchResultMessage;
    try {
      message = { type: 'outcome', generation: batch.generation, job: j, outcome: workspace.run(batch.jobs[j] as BranchJob) };
    } catch (error) {
      message = { type: 'failed', generation: batch.generation, job: j, message: error instanceof Error ? error.message : String(error) };
    }
    results.postMessage(message);
    Atomics.add(control, DONE, 1);
    Atomics.notify(control, DONE);
  }
}

parentPort?.on('message', (message: BranchBatchMessage | BranchReleaseMessage) => {
  if (message.type === 'release') {
    current = null;
    // The prophecy's branch worlds (typed arrays, a few hundred KB each for a large world) died
    // young: freed now rather than some tens of MB later (docs/operations.md, "Memory").
    collectYoungGeneration();
  } else onBatch(message);
});
// Loaded: the engine worker's `ready()` resolves (results go through `results`, never here).
parentPort?.postMessage('ready');
