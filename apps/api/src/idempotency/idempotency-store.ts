/**
 * What reproduces a response's body instead of its bytes: a `run`'s trace is its simulation's
 * ticks 1 to `untilTick` replayed (deterministic, so the same bytes), in the representation the
 * request asked for (docs/api.md, "Idempotency").
 */
export interface ResponseReference {
  kind: 'run-trace';
  simulationId: string;
  untilTick: number;
  format: 'ndjson' | 'json';
  /**
   * The error line an NDJSON run's body ended with, when the run stopped before its last tick
   * (docs/api.md, "Run as a stream"): written again after the steps, the same bytes.
   */
  end?: StreamEndError | undefined;
  /** Bytes the first response sent; with `bodyComplete` false the replay fails after as many. */
  byteLength: number;
}

/** An error envelope's `error` written as the last line of a streamed body. */
export interface StreamEndError {
  code: string;
  message: string;
  details: Record<string, unknown> | null;
  requestId: string;
}

/** A response as cached: what a replay sends back. */
export interface StoredResponse {
  status: number;
  headers: Array<[string, string]>;
  /** The whole body, or null when it was streamed into `chunkCount` pieces. */
  body: Uint8Array | null;
  chunkCount: number;
  /** False when the original body failed part-way; the replay fails at the same byte. */
  bodyComplete: boolean;
  /** Set instead of a body: the body is regenerated from it on a replay. */
  reference?: ResponseReference | null | undefined;
}

export interface NewReservation {
  scope: string;
  /** Random id of this attempt; every later write names it. */
  token: string;
  fingerprint: string;
  /** Unix milliseconds. */
  now: number;
  expiresAt: number;
  /** Until then the reservation belongs to this attempt; after it, it counts as abandoned. */
  lockedUntil: number;
  /** The organization the request acts for: the record's stored bytes count against it. */
  organizationId?: string | undefined;
}

/** What the reservation found. */
export type ReservationOutcome =
  | { kind: 'reserved' }
  | { kind: 'in-progress'; fingerprint: string }
  | { kind: 'complete'; fingerprint: string; token: string; expiresAt: number; response: StoredResponse };

/**
 * Idempotency records, shared by every instance on one database. `reserve` is a single
 * INSERT … ON CONFLICT: exactly one concurrent attempt wins a scope; an expired record or an
 * abandoned reservation (its lock passed: the instance died) is taken over in the same statement.
 * Writes name the reservation's token and report false when it is no longer held.
 */
export interface IdempotencyStore {
  reserve(reservation: NewReservation): Promise<ReservationOutcome>;
  /** Appends a piece of a streamed body and extends the lock to `lockedUntil`. */
  appendChunk(scope: string, token: string, seq: number, bytes: Uint8Array, lockedUntil: number): Promise<boolean>;
  complete(scope: string, token: string, response: StoredResponse): Promise<boolean>;
  /** Forgets a reservation whose request was refused before its handler ran. */
  release(scope: string, token: string): Promise<void>;
  /** Pieces `fromSeq`… of a streamed body, at most `limit`, in order. */
  readChunks(token: string, fromSeq: number, limit: number): Promise<Uint8Array[]>;
  /** Deletes records expired at `now` and their pieces; returns how many records. */
  sweep(now: number): Promise<number>;
  /**
   * Forgets every reservation still in progress, with its pieces, and returns how many: their
   * requests can no longer finish, so a retry with the key executes afresh instead of waiting
   * for the lock to pass. The server calls it once at start, before it serves, and only where
   * it alone owns the database (SQLite, `ownedByOneProcess`): then nothing can be in flight yet,
   * and every in-progress record was left by a process that died. With several instances on one
   * database this must become "the reservations of instances known to be dead" (an owner column
   * and a heartbeat); until then the lock (`lockMs`) is what frees them.
   */
  releaseInFlight(): Promise<number>;
}
