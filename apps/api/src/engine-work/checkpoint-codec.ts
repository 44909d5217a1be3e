import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Simulation } from '@sim/engine';
import { outsideTermination } from './termination-guard.js';

/**
 * A checkpoint's bytes: the engine snapshot's JSON, deflated (about a third of the JSON for a
 * large world). Encoded and decoded on the engine's thread (a worker in the server), so the
 * event loop only moves bytes. Decoding gives plain JSON: `Simulation.restore` checks it.
 * Each zlib call is one where the pool will not end the worker (termination-guard.ts).
 */
export function encodeCheckpoint(simulation: Simulation): Uint8Array {
  // A copy of exactly its bytes: a Buffer may be a view into a larger pooled one, which a
  // worker's result would otherwise carry along whole.
  const json = JSON.stringify(simulation.snapshot());
  return new Uint8Array(outsideTermination(() => deflateRawSync(json)));
}

export function decodeCheckpoint(bytes: Uint8Array): unknown {
  return JSON.parse(outsideTermination(() => inflateRawSync(bytes)).toString('utf8')) as unknown;
}
