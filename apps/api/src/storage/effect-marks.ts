import type { Kysely } from 'kysely';
import { currentEffectKeys } from '../idempotency/effect-keys.js';
import type { IdempotencyTables } from './idempotency-tables.js';

/**
 * Marks, in the transaction `trx` that stores a change, the idempotency records of the requests
 * it is made for (currentEffectKeys) as `committed`: the change and the mark are stored together
 * or not at all. A record left `committed` by a process that died before storing the answer is
 * answered, not run again (idempotency-store-kysely.ts, `answerLost`). Nothing to do outside a
 * keyed request, and a record already marked or complete is left as it is. `created`: the path
 * of what the change creates (a new simulation, an experiment), which that answer then names.
 */
export async function markEffectsStored(transaction: object, created?: string): Promise<void> {
  // Any store's transaction (its own tables' Kysely type): every database holds the idempotency tables.
  const trx = transaction as unknown as Kysely<IdempotencyTables>;
  for (const key of currentEffectKeys()) {
    await trx
      .updateTable('idempotency_keys')
      .set({ state: 'committed', ...(created === undefined ? {} : { stored_resource: created }) })
      .where('scope', '=', key.scope)
      .where('token', '=', key.token)
      .where('state', '=', 'in_progress')
      .execute();
  }
}
