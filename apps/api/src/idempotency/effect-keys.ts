import { AsyncLocalStorage } from 'node:async_hooks';

/** A request's reservation of its Idempotency-Key: the record that its stored changes mark. */
export interface EffectKey {
  scope: string;
  token: string;
}

const held = new AsyncLocalStorage<readonly EffectKey[]>();
/** Keyed tasks under way (withEffectKeys). */
let running = 0;

/**
 * Runs `task` with `keys` as the reservations whose requests its stored changes are made for.
 * The idempotency middleware runs a keyed request's handler so; a batch of steps committed
 * together runs its commit with the keys of every step in it. A change stored for them marks
 * their records in its own transaction (storage/effect-marks.ts), so that a process that dies
 * between that commit and the stored answer leaves a record saying the change was made, and a
 * retry does not make it again (docs/api.md, "Idempotency").
 */
export async function withEffectKeys<T>(keys: readonly EffectKey[], task: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await held.run(keys, task);
  } finally {
    running--;
    // With no keyed task running, the storage is turned off: on node 20 a storage once run keeps
    // async hooks on for every promise of the process, and a read then cost about a quarter more
    // CPU (read-path.bench.ts after one keyed create: 62 µs a read against 49). What a finished
    // task left running (a playing clock's timers) reads no keys then, as it should: its
    // request's keys were emptied once its answer was stored. The next run turns it on again.
    if (running === 0) held.disable();
  }
}

/** The reservations the current request's stored changes are made for; none outside a keyed request. */
export function currentEffectKeys(): readonly EffectKey[] {
  return held.getStore() ?? [];
}
