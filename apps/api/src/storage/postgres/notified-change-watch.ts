import type { KyselyPlugin, QueryExecutorProvider } from 'kysely';
import pg from 'pg';
import type { Logger } from '../../lib/logger.js';
import type { ChangeWatch, WatchedTable } from '../change-watch.js';
import { SqliteChangeWatch } from '../sqlite/sqlite-change-watch.js';

/** Where migration 0012 announces every change of a key or an organization. */
export const IDENTITY_CHANNEL = 'sim_identity';

/** The tables that announce their changes; a version of any other table moves at every call. */
const ANNOUNCED: ReadonlySet<WatchedTable> = new Set<WatchedTable>(['api_keys', 'organizations']);

/** A cached key lookup is read again at the latest this long after it was read, notice or not. */
export const MAX_IDENTITY_STALENESS_MS = 5_000;

export interface NotifiedChangeWatchOptions {
  connectionString: string;
  logger: Logger;
  maxStalenessMs?: number;
  reconnectMs?: number;
  now?: () => number;
}

/**
 * PostgreSQL's ChangeWatch for the key lookups every request makes (docs/operations.md,
 * "PostgreSQL"). Other instances and the CLI write the same tables, and PostgreSQL has no
 * counter as cheap as SQLite's `data_version`; instead a trigger announces every change of
 * `api_keys` and `organizations` on commit (NOTIFY, migration 0012), and this watch LISTENs on
 * a connection of its own. The version of those tables moves:
 *
 * - at every write by this process (counted as it is made, as on SQLite): a revoke through this
 *   instance is seen at once;
 * - when a notice arrives (the commit of any process, typically a few milliseconds later);
 * - every `maxStalenessMs` (5 s), whatever arrives: the bound if a notice were ever lost;
 * - at every turn of the event loop while the listening connection is down (nothing is cached
 *   then), and once more when it is back.
 *
 * Other tables are not announced (a simulation read is checked by its version instead), so
 * their version moves at every call and nothing of them is cached.
 */
export class NotifiedChangeWatch implements ChangeWatch {
  /** Counts this process's writes by table and reads `generation` once per turn. */
  readonly #counted: SqliteChangeWatch;
  #generation = 0;
  #epoch = 0;
  #unannounced = 0;
  #client: pg.Client | undefined;
  #closed = false;
  #reconnectTimer: NodeJS.Timeout | undefined;
  readonly #maxStalenessMs: number;
  readonly #now: () => number;

  constructor(private readonly options: NotifiedChangeWatchOptions) {
    this.#maxStalenessMs = options.maxStalenessMs ?? MAX_IDENTITY_STALENESS_MS;
    this.#now = options.now ?? Date.now;
    this.#counted = new SqliteChangeWatch(() => this.#currentGeneration());
  }

  /** The Kysely plugin to install on the database whose own writes are counted. */
  get plugin(): KyselyPlugin {
    return this.#counted;
  }

  /** Whether the listening connection is up (nothing is cached while it is not). */
  get listening(): boolean {
    return this.#client !== undefined;
  }

  /** Opens the listening connection; a failure leaves the watch caching nothing and retrying. */
  async start(): Promise<void> {
    try {
      await this.#connect();
    } catch (error) {
      this.options.logger.warn('identity cache: cannot listen for changes; retrying', { error: String(error) });
      this.#retry();
    }
  }

  version(tables: readonly WatchedTable[]): number {
    if (!tables.every((table) => ANNOUNCED.has(table))) return ++this.#unannounced;
    return this.#counted.version(tables);
  }

  watches(db: QueryExecutorProvider): boolean {
    return this.#counted.watches(db);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#reconnectTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #currentGeneration(): number {
    if (this.#client === undefined) return ++this.#generation;
    const epoch = Math.floor(this.#now() / this.#maxStalenessMs);
    if (epoch !== this.#epoch) {
      this.#epoch = epoch;
      this.#generation++;
    }
    return this.#generation;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: 'sim-api identity notices' });
    client.on('notification', () => {
      this.#generation++;
    });
    client.on('error', (error) => {
      this.options.logger.warn('identity cache: listening connection lost', { error: String(error) });
      this.#lost(client);
    });
    client.on('end', () => this.#lost(client));
    await client.connect();
    try {
      await client.query(`LISTEN ${IDENTITY_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => {});
      return;
    }
    // Whatever changed while nobody listened: the cache starts over.
    this.#generation++;
    this.#client = client;
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = undefined;
    this.#generation++;
    client.end().catch(() => {});
    this.#retry();
  }

  #retry(): void {
    if (this.#closed) return;
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = undefined;
      if (this.#closed) return;
      this.#connect().catch(() => this.#retry());
    }, this.options.reconnectMs ?? 1_000);
    this.#reconnectTimer.unref();
  }
}
