import { isActive } from '../simulations/lifecycle.js';
import { whenIterationEnds } from '../lib/when-iteration-ends.js';
import type { SimulationRecord } from '../simulations/simulation-store.js';
import { tickEventId } from '../simulations/event-ids.js';
import { replayHistory, type HistoryStore } from './history-replay.js';
import type { LiveHub } from './live-channel.js';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import { retryFrame } from './sse-frame.js';
import type { QueueBudget } from './queue-budget.js';
import { SseSubscriber, type SubscriberLimits } from './sse-subscriber.js';
import type { LagPolicy, TickVariant } from './tick-variant.js';
import type { CredentialRecheck } from '../identity/credential-recheck.js';

/** What one subscriber asked for, and the byte rate its tier allows. */
export interface StreamChoice {
  variant?: TickVariant;
  lag?: LagPolicy;
  bytesPerSecond?: number;
  /**
   * Called once when the history replay is over (caught up with the present, failed, or the
   * stream closed first), or at once when there is none: what the replay holds on the engine
   * (its place in the engine's queue) is given back then, not when the stream closes.
   */
  onReplayEnd?: () => void;
  /** Asked at each heartbeat whether the subscriber's credential still holds. */
  recheck?: CredentialRecheck | undefined;
  /** Closes the stream's connection at once (a stopping server whose client does not read). */
  abandon?: (() => void) | undefined;
}

export interface SimulationStreamDeps {
  hub: LiveHub;
  store: HistoryStore;
  /** Where a resumed stream's ticks are recomputed. */
  engine: EngineRunner;
  /** Runs a task while no change of the simulation is in flight (SimulationService.whileQuiet). */
  whileQuiet: <T>(simulationId: string, task: (simulation: SimulationRecord) => T) => Promise<T | undefined>;
  heartbeatMs: number;
  retryMs: number;
  limits: SubscriberLimits;
  /** The bytes every stream of the process may hold (docs/api.md, "Events", "Limits"). */
  budget: QueueBudget;
}

export type OpenedStream =
  | { kind: 'stream'; stream: ReadableStream<Uint8Array> }
  /** Completed or failed, and nothing the client lacks: 204 tells an EventSource to stop reconnecting. */
  | { kind: 'finished' }
  | { kind: 'missing' };

/**
 * Opens one subscriber on a simulation. Without `afterId` it starts at the present; with it
 * (Last-Event-ID) it first replays the history after that id. Joining the live feed and reading
 * the head of the history happen under the simulation's lock, so the two meet exactly: nothing
 * is missed and nothing repeated. `onFinish` runs once when the stream ends, however it ends.
 */
export async function openSimulationStream(
  deps: SimulationStreamDeps,
  simulationId: string,
  afterId: number | undefined,
  onFinish: () => void,
  /** Aborts when the client leaves: the history replay stops. */
  signal?: AbortSignal,
  choice: StreamChoice = {},
): Promise<OpenedStream> {
  let replayOver = false;
  const replayEnded = (): void => {
    if (replayOver) return;
    replayOver = true;
    choice.onReplayEnd?.();
  };
  const opened = await deps.whileQuiet(simulationId, (simulation): OpenedStream => {
    // The id of the newest message of the history: every tick and every stored record counts one.
    const head = { tick: simulation.tick, lastSeq: simulation.lastEventSeq };
    const headId = tickEventId(head.tick, head.lastSeq);
    // An id from the future (another database, a client's invention) cannot be resumed: start now.
    const from = afterId !== undefined && afterId < headId ? afterId : undefined;
    const live = isActive(simulation.status);
    if (from === undefined) replayEnded();
    if (!live && from === undefined) return { kind: 'finished' };
    let leave: (() => void) | undefined;
    const subscriber = new SseSubscriber({
      preamble: [retryFrame(deps.retryMs)],
      replay:
        from === undefined
          ? undefined
          : whenIterationEnds(replayHistory(deps.store, deps.engine, simulationId, from, head, signal, choice.variant)[Symbol.asyncIterator](), replayEnded),
      afterId: from ?? headId,
      heartbeatMs: deps.heartbeatMs,
      limits: deps.limits,
      budget: deps.budget,
      retryMs: deps.retryMs,
      variant: choice.variant,
      // A stream that asks nothing stays live when it falls behind (docs/api.md, "Events",
      // "Several subscribers, slow subscribers"): a reconnect would replay what it missed on the
      // engine, for every slow client at once.
      lag: choice.lag ?? 'skip',
      bytesPerSecond: choice.bytesPerSecond,
      recheck: choice.recheck,
      abandon: choice.abandon,
      onFinish: () => {
        replayEnded();
        leave?.();
        onFinish();
      },
    });
    if (live) leave = deps.hub.join({ id: simulationId, status: simulation.status, tick: head.tick, lastEventSeq: head.lastSeq }, subscriber);
    else subscriber.endAfterReplay();
    return { kind: 'stream', stream: subscriber.stream };
  });
  if (opened === undefined) replayEnded();
  return opened ?? { kind: 'missing' };
}
