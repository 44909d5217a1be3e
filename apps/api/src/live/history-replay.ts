import { replayTicks, type TraceStep } from '@sim/engine';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import type { SimulationStore, StoredEvent } from '../storage/simulation-store.js';
import { afterTick } from './event-ids.js';
import { FrameBuilder } from './frame-builder.js';
import type { SseFrame } from './sse-frame.js';

/** What replay reads: stored events and the input log. */
export type HistoryStore = Pick<SimulationStore, 'listEvents' | 'getReplayInput'>;

/** A point in a simulation's history: after tick `tick` and stored event `lastSeq`. */
export interface HistoryHead {
  tick: number;
  lastSeq: number;
}

const PAGE = 256;

/** Stored events after `afterSeq` up to `lastSeq`, read a page at a time. */
async function* storedEvents(store: HistoryStore, simulationId: string, lastSeq: number): AsyncGenerator<StoredEvent, void, void> {
  let after = 0;
  while (after < lastSeq) {
    const page = await store.listEvents(simulationId, after, PAGE);
    if (page.length === 0) return;
    for (const event of page) {
      if (event.seq > lastSeq) return;
      yield event;
      after = event.seq;
    }
  }
}

/**
 * The frames of a simulation's history with an id above `afterId`, up to `head`, in order.
 * Stored events come from storage; tick events are recomputed by replaying the input log from
 * tick 0 (the engine is deterministic, so they are byte for byte what was sent live). Ticks
 * before the first frame wanted are computed without building their trace step. Lazy: one
 * frame is computed per pull, so a long replay streams with flat memory.
 */
export async function* replayHistory(store: HistoryStore, simulationId: string, afterId: number, head: HistoryHead): AsyncGenerator<SseFrame, void, void> {
  const builder = new FrameBuilder('idle' satisfies LifecycleStatus, 0);
  const events = storedEvents(store, simulationId, head.lastSeq);
  let pending = await events.next();
  let ticks: Generator<TraceStep | null, void, void> | undefined;
  let tick = 0;
  for (;;) {
    const event = pending.done === true ? undefined : pending.value;
    const tickDue = tick < head.tick;
    if (event !== undefined && (!tickDue || event.tick < tick + 1 || (event.tick === tick + 1 && !afterTick(event.type)))) {
      const frame = builder.event(event);
      if (frame !== undefined && (frame.id as number) > afterId) yield frame;
      pending = await events.next();
      continue;
    }
    if (!tickDue) return;
    if (ticks === undefined) {
      const input = await store.getReplayInput(simulationId);
      if (input === undefined) return;
      // A tick's step is built only when its frame is wanted (its id is above afterId).
      ticks = replayTicks(input.scenario, input.inputs, head.tick, {
        engineVersion: input.engineVersion,
        wantStep: (t) => builder.nextTickId(t) > afterId,
      });
    }
    const next = ticks.next();
    if (next.done === true) return; // the stored log and the engine disagree: stop rather than invent
    tick++;
    if (next.value !== null) yield builder.tick(next.value);
  }
}
