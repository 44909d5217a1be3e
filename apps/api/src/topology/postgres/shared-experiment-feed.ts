import { EVERYTHING, type Announcements } from '../../coordination/coordination.js';
import { coalescedCatchUp } from '../../lib/coalesced-catch-up.js';
import { KeyedListeners } from '../../lib/keyed-listeners.js';
import type { ExperimentFeed, ExperimentListener } from '../../experiments/experiment-feed.js';
import type { ExperimentEvent, ExperimentStore } from '../../experiments/experiment-store.js';

export interface SharedExperimentFeedDeps {
  announcements: Announcements;
  store: Pick<ExperimentStore, 'eventsAfter'>;
  onError: (error: unknown) => void;
  /** Wait before a failed catch-up is tried again; default 1 000 ms. */
  retryMs?: number;
}

const PAGE = 500;

/** One followed experiment: the seq its listeners have received up to, and the catch-up under way. */
interface Follower {
  cursor: number;
  running: Promise<void> | undefined;
  again: boolean;
}

/**
 * The experiment feed of several processes on one database
 * (docs/operations.md, "Experiments on several instances"). Every stored event is announced; each process follows the experiments
 * its streams watch and, on an announcement, reads the stored events after the last one it
 * delivered. An event this process recorded itself is delivered at once when it is the next
 * one; otherwise it waits for the catch-up that reads the gap before it. So every stream, on
 * any process, receives the same events with the same ids, in order.
 */
export class SharedExperimentFeed implements ExperimentFeed {
  private readonly listeners: KeyedListeners<ExperimentEvent>;
  private readonly followers = new Map<string, Follower>();
  private closeHandlers = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(private readonly deps: SharedExperimentFeedDeps) {
    this.listeners = new KeyedListeners(deps.onError);
    this.stopListening = deps.announcements.listen('experiment', (key) => {
      if (key === EVERYTHING) for (const id of this.followers.keys()) this.catchUp(id);
      else if (this.followers.has(key)) this.catchUp(key);
    });
  }

  publish(experimentId: string, event: ExperimentEvent): void {
    this.deps.announcements.announce('experiment', experimentId);
    const follower = this.followers.get(experimentId);
    if (follower === undefined) return;
    if (follower.running === undefined && event.seq === follower.cursor + 1) {
      follower.cursor = event.seq;
      this.listeners.publish(experimentId, event);
      return;
    }
    this.catchUp(experimentId);
  }

  listen(experimentId: string, listener: ExperimentListener, afterSeq = 0): () => void {
    const remove = this.listeners.add(experimentId, listener);
    if (!this.followers.has(experimentId)) {
      this.followers.set(experimentId, { cursor: afterSeq, running: undefined, again: false });
      // What was announced before this process followed the experiment is read now.
      this.catchUp(experimentId);
    }
    return () => {
      remove();
      if (!this.listeners.has(experimentId)) this.followers.delete(experimentId);
    };
  }

  onClose(handler: () => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  close(): void {
    this.stopListening();
    for (const handler of [...this.closeHandlers]) handler();
    this.closeHandlers = new Set();
    this.followers.clear();
  }

  /** Delivers the stored events after the follower's cursor; one catch-up at a time, coalesced. */
  private catchUp(experimentId: string): void {
    const follower = this.followers.get(experimentId);
    if (follower === undefined) return;
    coalescedCatchUp(follower, {
      work: () => this.readStored(experimentId, follower),
      current: () => this.followers.get(experimentId) === follower,
      onError: this.deps.onError,
      retry: () => this.catchUp(experimentId),
      retryMs: this.deps.retryMs ?? 1_000,
    });
  }

  private async readStored(experimentId: string, follower: Follower): Promise<void> {
    for (;;) {
      const page = await this.deps.store.eventsAfter(experimentId, follower.cursor, PAGE);
      for (const event of page) {
        if (this.followers.get(experimentId) !== follower) return;
        follower.cursor = event.seq;
        this.listeners.publish(experimentId, event);
      }
      if (page.length < PAGE) return;
    }
  }
}
