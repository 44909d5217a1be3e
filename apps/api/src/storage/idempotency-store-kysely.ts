import { sql, type Kysely, type Selectable } from 'kysely';
import type { IdempotencyStore, ReservationOutcome, ResponseReference, StoredResponse } from '../idempotency/idempotency-store.js';
import type { IdempotencyKeysTable, IdempotencyTables } from './idempotency-tables.js';

/** better-sqlite3 binds Buffers (not bare Uint8Arrays) as blobs; pg takes either. */
const toBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));

function toResponse(row: Selectable<IdempotencyKeysTable>): StoredResponse {
  return {
    status: Number(row.response_status),
    headers: JSON.parse(row.response_headers ?? '[]') as Array<[string, string]>,
    body: row.response_body === null ? null : new Uint8Array(row.response_body),
    chunkCount: Number(row.chunk_count),
    bodyComplete: Number(row.body_complete) === 1,
    ...(row.response_reference === null ? {} : { reference: JSON.parse(row.response_reference) as ResponseReference }),
  };
}

/**
 * What a key answers whose request stored its change but not its answer (its process stopped
 * between the two): a 500, cached as any 5xx is, so that a retry never makes the change twice
 * (docs/api.md, "Idempotency"), naming what the change created when it created something
 * (`details.resource`). `requestId` is the replaying request's (replay-response.ts).
 */
export const LOST_ANSWER_MESSAGE =
  'The first request with this Idempotency-Key made its change, but the server stopped before its answer was stored; the change is not made again. Read the resource to see it, or send a new key to make another change';
const LOST_ANSWER_HEADERS = JSON.stringify([['content-type', 'application/json']]);

function lostAnswerBody(resource: string | null): Buffer {
  const details = resource === null ? { changeStored: true } : { changeStored: true, resource };
  return Buffer.from(JSON.stringify({ error: { code: 'INTERNAL_ERROR', message: LOST_ANSWER_MESSAGE, details, requestId: '' } }));
}

/** Turns the `committed` records (of `scope` and `token` when given) into the lost answer; returns their tokens. */
async function answerLost(db: Kysely<IdempotencyTables>, only: { scope: string; token: string } | undefined): Promise<string[]> {
  let query = db.selectFrom('idempotency_keys').select(['scope', 'token', 'stored_resource']).where('state', '=', 'committed');
  if (only !== undefined) query = query.where('scope', '=', only.scope).where('token', '=', only.token);
  const rows = await query.execute();
  for (const row of rows) {
    const body = lostAnswerBody(row.stored_resource);
    await db
      .updateTable('idempotency_keys')
      .set({
        state: 'complete',
        response_status: 500,
        response_headers: LOST_ANSWER_HEADERS,
        response_body: body,
        response_reference: null,
        chunk_count: 0,
        body_complete: 1,
        stored_bytes: body.byteLength + LOST_ANSWER_HEADERS.length,
      })
      .where('scope', '=', row.scope)
      .where('token', '=', row.token)
      .where('state', '=', 'committed')
      .execute();
  }
  return rows.map((row) => row.token);
}

/** The IdempotencyStore on any Kysely dialect (UPSERT with a WHERE and RETURNING: SQLite ≥ 3.35, PostgreSQL). */
export function createKyselyIdempotencyStore<DB extends IdempotencyTables>(database: Kysely<DB>): IdempotencyStore {
  const db = database as unknown as Kysely<IdempotencyTables>;

  async function chunkBytes(token: string): Promise<number> {
    const row = await db
      .selectFrom('idempotency_chunks')
      .select(sql<number>`coalesce(sum(length(bytes)), 0)`.as('n'))
      .where('token', '=', token)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function tryReserve(r: Parameters<IdempotencyStore['reserve']>[0]): Promise<ReservationOutcome | undefined> {
    const won = await db
      .insertInto('idempotency_keys')
      .values({
        scope: r.scope,
        token: r.token,
        fingerprint: r.fingerprint,
        state: 'in_progress',
        response_status: null,
        response_headers: null,
        response_body: null,
        response_reference: null,
        chunk_count: 0,
        body_complete: 1,
        organization_id: r.organizationId ?? null,
        stored_bytes: 0,
        created_at: r.now,
        expires_at: r.expiresAt,
        locked_until: r.lockedUntil,
      })
      .onConflict((oc) =>
        oc
          .column('scope')
          .doUpdateSet((eb) => ({
            token: eb.ref('excluded.token'),
            fingerprint: eb.ref('excluded.fingerprint'),
            state: eb.ref('excluded.state'),
            response_status: null,
            response_headers: null,
            response_body: null,
            response_reference: null,
            chunk_count: 0,
            body_complete: 1,
            organization_id: eb.ref('excluded.organization_id'),
            stored_bytes: 0,
            created_at: eb.ref('excluded.created_at'),
            expires_at: eb.ref('excluded.expires_at'),
            locked_until: eb.ref('excluded.locked_until'),
            stored_resource: null,
          }))
          // Take over only a dead record: expired, or reserved by an attempt that never finished.
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', r.now),
              eb.and([eb('idempotency_keys.state', '=', 'in_progress'), eb('idempotency_keys.locked_until', '<=', r.now)]),
            ]),
          ),
      )
      .returning('token')
      .executeTakeFirst();
    if (won?.token === r.token) return { kind: 'reserved' };
    let row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', r.scope).executeTakeFirst();
    if (row === undefined) return undefined; // swept in between: try again
    // Its change is stored, and its process stopped answering before the answer was: it is
    // answered so, never run again (a reservation without a stored change is taken over above).
    if (row.state === 'committed' && Number(row.locked_until) <= r.now) {
      await answerLost(db, { scope: r.scope, token: row.token });
      row = await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', r.scope).executeTakeFirst();
      if (row === undefined) return undefined;
    }
    if (row.state !== 'complete') return { kind: 'in-progress', fingerprint: row.fingerprint };
    return { kind: 'complete', fingerprint: row.fingerprint, token: row.token, expiresAt: Number(row.expires_at), response: toResponse(row) };
  }

  return {
    async reserve(reservation) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const outcome = await tryReserve(reservation);
        if (outcome !== undefined) return outcome;
      }
      throw new Error('idempotency: could not reserve a key that keeps disappearing');
    },

    async appendChunk(scope, token, seq, bytes, lockedUntil) {
      const held = await db
        .updateTable('idempotency_keys')
        .set({ locked_until: lockedUntil })
        .where('scope', '=', scope)
        .where('token', '=', token)
        .executeTakeFirst();
      if (Number(held.numUpdatedRows) === 0) return false;
      await db
        .insertInto('idempotency_chunks')
        .values({ token, seq, bytes: toBuffer(bytes) })
        .execute();
      return true;
    },

    async complete(scope, token, response) {
      const reference = response.reference == null ? null : JSON.stringify(response.reference);
      // What the record keeps counts against its organization (docs/api.md, "Storage budget").
      const pieces = response.chunkCount === 0 ? 0 : await chunkBytes(token);
      const result = await db
        .updateTable('idempotency_keys')
        .set({
          state: 'complete',
          response_status: response.status,
          response_headers: JSON.stringify(response.headers),
          response_body: response.body === null ? null : toBuffer(response.body),
          chunk_count: response.chunkCount,
          response_reference: reference,
          body_complete: response.bodyComplete ? 1 : 0,
          stored_bytes: (response.body?.byteLength ?? 0) + pieces + (reference?.length ?? 0) + JSON.stringify(response.headers).length,
        })
        .where('scope', '=', scope)
        .where('token', '=', token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async release(scope, token) {
      // A reservation whose request stored a change is not free again: it is answered as lost.
      await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('token', '=', token).where('state', '=', 'in_progress').execute();
      await answerLost(db, { scope, token });
      await db.deleteFrom('idempotency_chunks').where('token', '=', token).execute();
    },

    async readChunks(token, fromSeq, limit) {
      const rows = await db
        .selectFrom('idempotency_chunks')
        .select('bytes')
        .where('token', '=', token)
        .where('seq', '>=', fromSeq)
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((row) => new Uint8Array(row.bytes));
    },

    async releaseInFlight() {
      const released = await db.deleteFrom('idempotency_keys').where('state', '=', 'in_progress').returning('token').execute();
      // Those whose change was stored are answered as such: their retry must not make it again.
      const answered = await answerLost(db, undefined);
      const tokens = [...released.map((row) => row.token), ...answered];
      // Pieces of a streamed body written before the process died.
      if (tokens.length > 0) await db.deleteFrom('idempotency_chunks').where('token', 'in', tokens).execute();
      return tokens.length;
    },

    async sweep(now) {
      const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
      // Pieces of expired, released or taken-over records.
      await db
        .deleteFrom('idempotency_chunks')
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('idempotency_keys').select('idempotency_keys.token').whereRef('idempotency_keys.token', '=', 'idempotency_chunks.token'))),
        )
        .execute();
      return Number(result.numDeletedRows);
    },
  };
}
