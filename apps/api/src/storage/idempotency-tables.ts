/** Table `idempotency_keys`. Times are Unix milliseconds (bigint: a string from pg, read through Number()). */
export interface IdempotencyKeysTable {
  /** SHA-256 (hex) of identity, JWT issuer, acting organization, method, path and key (see idempotencyScope). */
  scope: string;
  /** Random id of the reservation; the writer of a response must still hold it. */
  token: string;
  /** SHA-256 (hex) of the canonical body and the response representation. */
  fingerprint: string;
  /**
   * `in_progress` while its request runs; `committed` once a change it made is stored (in that
   * change's transaction: storage/effect-marks.ts) but its answer not yet; `complete` with it.
   */
  state: 'in_progress' | 'committed' | 'complete';
  response_status: number | null;
  /** JSON array of [name, value] pairs. */
  response_headers: string | null;
  /** The whole body when it was not streamed; null when it is in `idempotency_chunks`. */
  response_body: Uint8Array | null;
  chunk_count: number;
  /** JSON of a ResponseReference: the body is regenerated from it (response_body is then null). */
  response_reference: string | null;
  /** 0 when the original stream failed part-way: the replay fails at the same place. */
  body_complete: number;
  created_at: number | string;
  expires_at: number | string;
  /** The organization the request acted for: its stored bytes count against that organization. */
  organization_id: string | null;
  /** Bytes the record stores (body, pieces, reference); bigint: a string from pg. */
  stored_bytes: number | string;
  /** An in-progress reservation not finished by then is considered abandoned (crashed instance). */
  locked_until: number | string;
  /** The path of what the request's stored change created (`/v1/simulations/{id}`), once marked `committed`; null otherwise. */
  stored_resource: string | null;
}

/** Table `idempotency_chunks`: a streamed body in order. */
export interface IdempotencyChunksTable {
  token: string;
  seq: number;
  bytes: Uint8Array;
}

export interface IdempotencyTables {
  idempotency_keys: IdempotencyKeysTable;
  idempotency_chunks: IdempotencyChunksTable;
}
