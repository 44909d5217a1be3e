import type { TraceStep } from '@sim/engine';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import { replayStretches } from '../engine-work/replay-stretches.js';
import type { LifecycleStatus } from '../simulations/lifecycle.js';
import type { SimulationStore, StoredEvent } from '../simulations/simulation-store.js';
import { afterTick } from '../simulations/event-ids.js';
import { FrameBuilder } from './frame-builder.js';
import type { SseFrame } from './sse-frame.js';
import { TickEncoder } from './tick-encoder.js';
import { DEFAULT_TICK_VARIANT, type TickVariant } from './tick-variant.js';

/** What replay reads: stored events and the input log. */
export type HistoryStore = Pick<SimulationStore, 'listEvents' | 'getReplayInput' | 'nearestCheckpoint'>;

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
 * Stored events come from storage; tick events are recomputed by replaying the input log on the
 * engine runner from the nearest checkpoint before the first tick wanted (the engine is
 * deterministic, so they are byte for byte what was sent live). Ticks up to the checkpoint are
 * not computed at all; those between it and the first wanted are computed without building
 * their trace step. Ticks are encoded in the stream's variant, the same frames as live. Lazy: a stretch of ticks is computed when the last one's frames are taken, so a long
 * replay streams with flat memory, and `signal` (the client left) stops it.
 */
export async function* replayHistory(
  store: HistoryStore,
  engine: EngineRunner,
  simulationId: string,
  afterId: number,
  head: HistoryHead,
  signal?: AbortSignal,
  variant: TickVariant = DEFAULT_TICK_VARIANT,
): AsyncGenerator<SseFrame, void, void> {
  const builder = new FrameBuilder('idle' satisfies LifecycleStatus, 0);
  const encoder = new TickEncoder(variant);
  /** The first tick sent is a key frame (packed: with the ids); the ticks after it follow on. */
  let key = true;
  const events = storedEvents(store, simulationId, head.lastSeq);
  let pending = await events.next();
  let ticks: AsyncGenerator<TraceStep | null, void, void> | undefined;
  let tick = 0;
  /** The checkpoint's tick: ticks up to it are passed over, never computed. */
  let skipTo = 0;
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
      // Tick t's id is t plus the seq of the stored events before it, at most head.lastSeq: the
      // ticks up to afterId − head.lastSeq can never reach a wanted frame, so build no step for them.
      const stepsFromTick = Math.max(1, afterId - head.lastSeq + 1);
      const start = await store.nearestCheckpoint(simulationId, Math.min(stepsFromTick, head.tick) - 1);
      skipTo = start?.tick ?? 0;
      ticks = replayStretches(
        engine,
        { scenario: input.scenario, engineVersion: input.engineVersion, inputs: input.inputs, untilTick: head.tick, stepsFromTick, start },
        'object',
        signal,
      );
    }
    if (tick < skipTo) {
      // Before the checkpoint: no frame is wanted there, and its stored events were read above.
      tick++;
      continue;
    }
    const next = await ticks.next();
    if (next.done === true) return; // the stored log and the engine disagree: stop rather than invent
    tick++;
    const id = next.value === null ? 0 : builder.nextTickId(next.value.tick);
    if (next.value !== null && id > afterId) {
      // A replayed step carries its agents: every variant has its frame.
      const frame = encoder.encode(id, next.value, builder.tickStatus).frame(key);
      if (frame !== undefined) yield frame;
      key = false;
    }
  }
}
