/**
 * A snapshot's JSON text as the engine's thread wrote it. Snapshots travel between storage and
 * the workers as text: parsing or serializing a large world's snapshot costs tens of
 * milliseconds, which the event loop does not pay for what it only moves
 * (docs/api.md, "Where it runs").
 */
export interface SnapshotText {
  json: string;
}

/**
 * An engine snapshot at the end of `tick`, encoded (engine-work/checkpoint-codec): storage keeps
 * the bytes as they are.
 */
export interface Checkpoint {
  tick: number;
  bytes: Uint8Array;
}
