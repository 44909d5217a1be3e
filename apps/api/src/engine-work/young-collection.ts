import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' }) => void;

/**
 * A batch of lines handed on (a run's chunk, a replay's stretch) that held this many bytes is
 * followed by a young collection: the lines are freed then, not once 64 MB more have piled up.
 * A small world's batches skip it.
 */
export const COLLECT_AFTER_LINE_BYTES = 1 << 20;

let collect: Collect | undefined;

/**
 * Collects the young generation of this thread's heap now (a scavenge: a millisecond or two
 * for the few MB it holds), so that the memory of ArrayBuffers that died young is freed now.
 *
 * Why it is needed (docs/operations.md, "Memory"): a buffer's memory is freed only when V8
 * collects the small object that owns it. A thread that mostly moves bytes (the event loop
 * sending a streamed run's lines, a prophecy helper whose branch worlds live in typed arrays)
 * allocates too few objects to fill its young generation soon, so dead buffers of tens of MB
 * wait for the next collection, and once promoted, for a full one (V8 starts it for external
 * memory only after 64 MB more). Called where a thread knows that a batch of such buffers has
 * just died: after a run's chunk is sent, after a prophecy's branches are done.
 */
export function collectYoungGeneration(): void {
  collect ??= exposedGc();
  collect({ type: 'minor' });
}

/** Nothing: where no `gc` can be had, the collector frees those buffers later, as it always did. */
const NO_COLLECTION: Collect = () => {};

/**
 * V8's `gc` (node run with --expose-gc), or the flag set now and `gc` taken from a fresh context,
 * where V8 installs it. Never throws: a node that will not give it (`--expose-gc-as=…`, a V8 that
 * ignores flags set late) gets NO_COLLECTION, since memory freed late is no reason to fail a request.
 */
function exposedGc(): Collect {
  const existing = (globalThis as { gc?: unknown }).gc;
  if (typeof existing === 'function') return existing as Collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as Collect) : NO_COLLECTION;
  } catch {
    return NO_COLLECTION;
  }
}
