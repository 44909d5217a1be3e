import type { TraceStep } from '@sim/engine';
import { EVERYTHING, type Announcements } from '../../coordination/coordination.js';
import type { EngineRunner } from '../../engine-work/engine-runner.js';
import { replayHistory, type ReplayEnd } from '../../engine-work/replay-history.js';
import { coalescedCatchUp } from '../../lib/coalesced-catch-up.js';
import { KeyedListeners } from '../../lib/keyed-listeners.js';
import {
  HistoryInterleave,
  historyMessages,
  type CommittedChange,
  type HistoryHead,
  type SimulationBusListener,
  type SimulationBusMessage,
  type SimulationEventBus,
} from '../../simulations/event-bus.js';
import type { SimulationStore, StoredEvent } from '../../simulations/simulation-store.js';

/** What a follower reads: the head, the stored events, and what replaying the ticks needs. */
export type SharedHistoryStore = Pick<SimulationStore, 'get' | 'listEvents' | 'getReplayInput' | 'nearestCheckpoint'>;

export interface SharedEventBusDeps {
  announcements: Announcements;
  store: SharedHistoryStore;
  /** Where ticks computed by another process are computed again (deterministically). */
  engine: EngineRunner;
  onError: (error: unknown) => void;
  /** How long a join waits for this process to catch up before it goes on; default 5 000 ms. */
  settleTimeoutMs?: number;
  /** Wait before a failed catch-up is tried again; default 1 000 ms. */
  retryMs?: number;
}

const EVENT_PAGE = 256;

function reached(head: HistoryHead, target: HistoryHead): boolean {
  return head.tick >= target.tick && head.lastSeq >= target.lastSeq;
}

/** One followed simulation in this process: where its listeners stand, and what is on its way. */
class Follower {
  /** The engine at `head.tick`, when the last catch-up replayed ticks: the next one goes on from it. */
  warm: ReplayEnd | undefined;
  /** Steps this process computed and published, not yet delivered (they arrived out of turn). */
  readonly stash = new Map<number, TraceStep>();
  running: Promise<void> | undefined;
  again = false;
  readonly waiters: { head: HistoryHead; resolve: () => void }[] = [];

  constructor(public head: HistoryHead) {}

  settle(): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const waiter = this.waiters[i] as { head: HistoryHead; resolve: () => void };
      if (!reached(this.head, waiter.head)) continue;
      this.waiters.splice(i, 1);
      waiter.resolve();
    }
  }
}

/**
 * The event bus of several processes on one database
 * (docs/operations.md, "Several instances"). Every commit is announced; each process follows the simulations its streams
 * watch from the history head they joined at, and on an announcement reads the new head, the
 * stored events after its own, and the ticks in between: those it computed itself from memory,
 * the others recomputed on its engine workers from where its last catch-up ended (or the nearest
 * checkpoint). The engine is deterministic, so every process sends the same messages with the
 * same ids, in the same order.
 */
export class SharedEventBus implements SimulationEventBus {
  private readonly listeners: KeyedListeners<SimulationBusMessage>;
  private readonly followers = new Map<string, Follower>();
  private readonly stopListening: () => void;

  constructor(private readonly deps: SharedEventBusDeps) {
    this.listeners = new KeyedListeners(deps.onError);
    this.stopListening = deps.announcements.listen('simulation', (key) => {
      if (key === EVERYTHING) for (const id of this.followers.keys()) this.catchUp(id);
      else if (this.followers.has(key)) this.catchUp(key);
    });
  }

  subscribe(simulationId: string, listener: SimulationBusListener, from: HistoryHead = { tick: 0, lastSeq: 0 }): () => void {
    if (!this.followers.has(simulationId)) this.followers.set(simulationId, new Follower(from));
    const remove = this.listeners.add(simulationId, listener);
    return () => {
      remove();
      if (this.listeners.has(simulationId)) return;
      const follower = this.followers.get(simulationId);
      this.followers.delete(simulationId);
      for (const waiter of follower?.waiters.splice(0) ?? []) waiter.resolve();
    };
  }

  publish(change: CommittedChange): void {
    this.deps.announcements.announce('simulation', change.simulationId);
    const follower = this.followers.get(change.simulationId);
    if (follower === undefined) return;
    const computed = change.after.tick - change.before.tick;
    if (
      follower.running === undefined &&
      follower.head.tick === change.before.tick &&
      follower.head.lastSeq === change.before.lastSeq &&
      change.steps.length === computed
    ) {
      // In turn and whole: delivered at once, as the in-process bus does.
      this.deliver(change.simulationId, historyMessages(change));
      this.moveTo(follower, change.after);
      return;
    }
    for (const step of change.steps) follower.stash.set(step.tick, step);
    this.catchUp(change.simulationId);
  }

  hasSubscribers(simulationId: string): boolean {
    return this.listeners.has(simulationId);
  }

  settled(simulationId: string, head: HistoryHead): Promise<void> {
    const follower = this.followers.get(simulationId);
    if (follower === undefined || reached(follower.head, head)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      // A catch-up that keeps failing must not hold the simulation's lock for ever; a stream
      // that joins then still never repeats a message (ids only grow), it may miss some.
      const timer = setTimeout(resolve, this.deps.settleTimeoutMs ?? 5_000);
      timer.unref();
      follower.waiters.push({
        head,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
      this.catchUp(simulationId);
    });
  }

  close(): void {
    this.stopListening();
    for (const follower of this.followers.values()) for (const waiter of follower.waiters.splice(0)) waiter.resolve();
    this.followers.clear();
  }

  private deliver(simulationId: string, messages: Iterable<SimulationBusMessage>): void {
    for (const message of messages) this.listeners.publish(simulationId, message);
  }

  private moveTo(follower: Follower, head: HistoryHead): void {
    if (follower.warm !== undefined && follower.warm.tick !== head.tick) follower.warm = undefined;
    follower.head = head;
    for (const tick of follower.stash.keys()) if (tick <= head.tick) follower.stash.delete(tick);
    follower.settle();
  }

  /** Brings the simulation's listeners up to its stored head; one catch-up at a time, coalesced. */
  private catchUp(simulationId: string): void {
    const follower = this.followers.get(simulationId);
    if (follower === undefined) return;
    coalescedCatchUp(follower, {
      work: () => this.advance(simulationId, follower),
      current: () => this.followers.get(simulationId) === follower,
      onError: this.deps.onError,
      retry: () => this.catchUp(simulationId),
      retryMs: this.deps.retryMs ?? 1_000,
    });
  }

  private async advance(simulationId: string, follower: Follower): Promise<void> {
    const record = await this.deps.store.get(simulationId);
    if (record === undefined) return;
    const target: HistoryHead = { tick: record.tick, lastSeq: record.lastEventSeq };
    if (reached(follower.head, target)) return;
    const before = follower.head;
    const events = await this.storedEvents(simulationId, before.lastSeq, target.lastSeq);
    const interleave = new HistoryInterleave(simulationId, before, events);
    for await (const steps of this.ticks(simulationId, follower, target.tick)) {
      // Nobody listens any more: stop computing.
      if (this.followers.get(simulationId) !== follower) return;
      for (const step of steps) this.deliver(simulationId, interleave.tick(step));
    }
    this.deliver(simulationId, interleave.rest());
    this.moveTo(follower, target);
  }

  private async storedEvents(simulationId: string, afterSeq: number, lastSeq: number): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    let after = afterSeq;
    while (after < lastSeq) {
      const page = await this.deps.store.listEvents(simulationId, after, EVENT_PAGE);
      if (page.length === 0) break;
      for (const event of page) if (event.seq <= lastSeq) events.push(event);
      after = (page[page.length - 1] as StoredEvent).seq;
    }
    return events;
  }

  /** The steps after the follower's head up to `untilTick`, a stretch at a time. */
  private async *ticks(simulationId: string, follower: Follower, untilTick: number): AsyncGenerator<TraceStep[], void, void> {
    const from = follower.head.tick;
    if (untilTick <= from) return;
    const stashed: TraceStep[] = [];
    for (let tick = from + 1; tick <= untilTick; tick++) {
      const step = follower.stash.get(tick);
      if (step === undefined) break;
      stashed.push(step);
    }
    if (stashed.length === untilTick - from) {
      yield stashed;
      return;
    }
    const input = await this.deps.store.getReplayInput(simulationId);
    if (input === undefined) return;
    const start = follower.warm?.tick === from ? follower.warm : await this.deps.store.nearestCheckpoint(simulationId, from);
    let end: ReplayEnd | undefined;
    const source = {
      scenario: input.scenario,
      engineVersion: input.engineVersion,
      inputs: input.inputs,
      untilTick,
      stepsFromTick: from + 1,
      start,
      format: 'object' as const,
    };
    for await (const result of replayHistory(this.deps.engine, source)) {
      end = { tick: result.tick, snapshot: result.snapshot };
      yield result.steps.filter((step): step is TraceStep => step !== null && !(step instanceof Uint8Array));
    }
    follower.warm = end;
  }
}
