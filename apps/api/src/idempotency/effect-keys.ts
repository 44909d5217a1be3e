import { AsyncLocalStorage } from 'node:async_hooks';

/** A request's reservation of its Idempotency-Key: the record that its stored changes mark. */
export interface EffectKey {
  scope: string;
  token: string;
}

const held = new AsyncLocalStorage<readonly EffectKey[]>();

/**
 * Runs `task` with `keys` as the reservations whose requests its stored changes are made for.
 * The idempotency middleware runs a keyed request's handler so; a batch of steps committed
 * together runs its commit with the keys of every step in it. A change stored for them marks
 * their records in its own transaction (storage/effect-marks.ts), so that a process that dies
 * between that commit and the stored answer leaves a record saying the change was made, and a
 * retry does not make it again (docs/api.md, "Idempotency").
 */
export function withEffectKeys<T>(keys: readonly EffectKey[], task: () => T): T {
  return held.run(keys, task);
}

/** The reservations the current request's stored changes are made for; none outside a keyed request. */
export function currentEffectKeys(): readonly EffectKey[] {
  return held.getStore() ?? [];
}
