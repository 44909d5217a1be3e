import type { Context } from 'hono';
import type { ResponseReference } from './idempotency-store.js';

/** A reference before its response was sent: the byte count comes from the recording. */
export type ReferenceDraft = Omit<ResponseReference, 'byteLength'>;

/** Regenerates a referenced body for the replaying request `c` (weighed as the work it is). */
export type ResponseReproducer = (c: Context, reference: ResponseReference) => Promise<ReadableStream<Uint8Array>>;

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by a handler whose body can be regenerated: a long one is stored as this reference, read once the body has ended (or its client left). */
    reproducibleAs: () => ReferenceDraft;
    /** Set app-wide: turns a stored reference back into its body. */
    reproduceResponse: ResponseReproducer;
  }
}

/**
 * Bodies longer than the idempotency middleware's inline size are stored as a reference when
 * the handler marked them reproducible (docs/api.md, "Idempotency"): `run` marks its trace. A
 * function is asked when the body has ended: a streamed run knows its last tick only then.
 */
export function markReproducible(c: Context, reference: ReferenceDraft | (() => ReferenceDraft)): void {
  c.set('reproducibleAs', typeof reference === 'function' ? reference : () => reference);
}
