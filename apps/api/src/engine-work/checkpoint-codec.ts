import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Simulation } from '@sim/engine';

/**
 * A checkpoint's bytes: the engine snapshot's JSON, deflated (about a third of the JSON for a
 * large world). Encoded and decoded on the engine's thread (a worker in the server), so the
 * event loop only moves bytes. Decoding gives plain JSON: `Simulation.restore` checks it.
 */
export function encodeCheckpoint(simulation: Simulation): Uint8Array {
  // A copy of exactly its bytes: a Buffer may be a view into a larger pooled one, which a
  // worker's result would otherwise carry along whole.
  return new Uint8Array(deflateRawSync(JSON.stringify(simulation.snapshot())));
}

export function decodeCheckpoint(bytes: Uint8Array): unknown {
  return JSON.parse(inflateRawSync(bytes).toString('utf8')) as unknown;
}
