import { eventFrame, retryFrame, type SseFrame } from '../live/sse-frame.js';
import type { QueueBudget } from '../live/queue-budget.js';
import { SseSubscriber, type SubscriberLimits } from '../live/sse-subscriber.js';
import type { ExperimentFeed } from './experiment-feed.js';
import type { CredentialRecheck } from '../identity/credential-recheck.js';
import { isUnfinished, type ExperimentStatus } from './experiment-status.js';
import type { ExperimentEvent, ExperimentRecord, ExperimentStore } from './experiment-store.js';

export interface ExperimentStreamDeps {
  store: ExperimentStore;
  feed: ExperimentFeed;
  heartbeatMs: number;
  retryMs: number;
  limits: SubscriberLimits;
  /** The process's budget of bytes held for streams. */
  budget?: QueueBudget | undefined;
}

const PAGE = 500;

/** The SSE message of a stored event; the status that ends an experiment is the stream's last. */
function frameOf(event: ExperimentEvent): SseFrame {
  const terminal = event.type === 'experiment:status' && !isUnfinished(event.data.status as ExperimentStatus);
  return eventFrame(event.seq, event.type, event.data, terminal);
}

async function* storedFrames(store: ExperimentStore, experimentId: string, afterSeq: number): AsyncGenerator<SseFrame, void, void> {
  for (let after = afterSeq; ;) {
    const page = await store.eventsAfter(experimentId, after, PAGE);
    for (const event of page) yield frameOf(event);
    if (page.length < PAGE) return;
    after = (page.at(-1) as ExperimentEvent).seq;
  }
}

/**
 * Opens a stream of one experiment's events (docs/api.md, "Experiments", "Events"), reusing the
 * simulation stream's subscriber (bounded queue, heartbeats, slow-consumer drop). The id of a
 * message is the event's seq. The live feed is joined before the stored history is read, and
 * the subscriber skips ids it already sent, so replay and live meet with nothing missed or
 * repeated. `onFinish` runs once however the stream ends.
 */
export function openExperimentStream(
  deps: ExperimentStreamDeps,
  record: ExperimentRecord,
  afterId: number | undefined,
  onFinish: () => void,
  /** Asked at each heartbeat whether the subscriber's credential still holds. */
  recheck?: CredentialRecheck,
  /** Closes the stream's connection at once (a stopping server whose client does not read). */
  abandon?: () => void,
): { kind: 'stream'; stream: ReadableStream<Uint8Array> } | { kind: 'finished' } {
  const head = record.lastEventSeq;
  const from = afterId !== undefined && afterId < head ? afterId : undefined;
  const live = isUnfinished(record.status);
  if (!live && from === undefined) return { kind: 'finished' };
  let leave: (() => void) | undefined;
  let unclose: (() => void) | undefined;
  const subscriber: SseSubscriber = new SseSubscriber({
    preamble: [retryFrame(deps.retryMs)],
    // Also from the head: events committed between reading the record and joining the feed are
    // in storage by then. The replay is read lazily, after the feed is joined below.
    replay: storedFrames(deps.store, record.id, from ?? head)[Symbol.asyncIterator](),
    afterId: from ?? head,
    heartbeatMs: deps.heartbeatMs,
    limits: deps.limits,
    budget: deps.budget,
    retryMs: deps.retryMs,
    recheck,
    abandon,
    onFinish: () => {
      leave?.();
      unclose?.();
      onFinish();
    },
  });
  if (live) {
    leave = deps.feed.listen(record.id, (event) => subscriber.push(frameOf(event)), from ?? head);
    unclose = deps.feed.onClose(() => subscriber.end());
  } else {
    subscriber.endAfterReplay();
  }
  return { kind: 'stream', stream: subscriber.stream };
}
