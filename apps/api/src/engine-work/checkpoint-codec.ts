import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Simulation } from '@sim/engine';

/**
 * A checkpoint's bytes: the engine snapshot's JSON, deflated (about a third of the JSON for a
 * large world). Encoded and decoded on the engine's thread (a worker in the server), so the
 * event loop only moves bytes. Decoding gives plain JSON: `Simulation.restore` checks it.
 */
export function encodeCheckpoint(simulation: Simulation): Uint8Array {
  const bytes = deflateRawSync(JSON.stringify(simulation.snapshot()));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function decodeCheckpoint(bytes: Uint8Array): unknown {
  return JSON.parse(inflateRawSync(bytes).toString('utf8')) as unknown;
}
