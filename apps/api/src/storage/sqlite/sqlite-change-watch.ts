import {
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryExecutorProvider,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { ChangeWatch, WatchedTable } from '../change-watch.js';

/** The tables a query writes; `'all'` when it writes and the tables cannot be told (raw SQL, DDL). */
type Written = readonly string[] | 'all';

const tableName = (node: OperationNode | undefined): string | undefined => (node !== undefined && TableNode.is(node) ? node.table.identifier.name : undefined);

function writtenTables(node: RootOperationNode): Written | undefined {
  if (SelectQueryNode.is(node)) return undefined;
  if (RawNode.is(node)) return /^\s*select\b/i.test(node.sqlFragments[0] ?? '') ? undefined : 'all';
  let tables: Array<string | undefined>;
  if (InsertQueryNode.is(node)) tables = [tableName(node.into)];
  else if (UpdateQueryNode.is(node)) tables = [tableName(node.table)];
  else if (DeleteQueryNode.is(node)) tables = node.from.froms.map(tableName);
  else return 'all';
  return tables.every((table): table is string => table !== undefined) && tables.length > 0 ? tables : 'all';
}

/**
 * SQLite's ChangeWatch: writes by this process are counted per table by a Kysely plugin on the
 * app's one connection; commits by other processes show in `PRAGMA data_version`, which changes
 * whenever another connection commits. Reading it opens a read transaction (3 to 10 µs), so it
 * is read once per turn of the event loop: a commit made before the turn began is seen by every
 * request of the turn, and a request that arrived after a commit is handled in a later turn.
 *
 * A write is counted twice, when its query is built and when it has run: a cached read that
 * overlaps the write in either order sees a new version afterwards, so it is never kept (see
 * ReadThroughCache). Inside a transaction both counts come before the COMMIT, and the reads
 * that could refill the cache wait for the connection, which the transaction holds until then.
 */
export class SqliteChangeWatch implements ChangeWatch, KyselyPlugin {
  private readonly writes = new Map<string, number>();
  /** Writes to tables that could not be told, which count for every table. */
  private unknownWrites = 0;
  private otherProcesses = 0;
  private lastDataVersion: number;
  private checkedThisTurn = false;
  private readonly endTurn = (): void => {
    this.checkedThisTurn = false;
  };
  private readonly pending = new WeakMap<object, Written>();

  constructor(private readonly dataVersion: () => number) {
    this.lastDataVersion = dataVersion();
  }

  version(tables: readonly WatchedTable[]): number {
    if (!this.checkedThisTurn) {
      // Read first: if the read throws, the next call reads again rather than trusting the cache.
      const dataVersion = this.dataVersion();
      this.checkedThisTurn = true;
      setImmediate(this.endTurn);
      if (dataVersion !== this.lastDataVersion) {
        this.lastDataVersion = dataVersion;
        this.otherProcesses++;
      }
    }
    // Every term only grows, so the sum changes whenever one of them does.
    let version = this.otherProcesses + this.unknownWrites;
    for (const table of tables) version += this.writes.get(table) ?? 0;
    return version;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const written = writtenTables(args.node);
    if (written !== undefined) {
      this.count(written);
      this.pending.set(args.queryId, written);
    }
    return args.node;
  }

  watches(db: QueryExecutorProvider): boolean {
    return db.getExecutor().plugins.includes(this);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const written = this.pending.get(args.queryId);
    if (written !== undefined) {
      this.pending.delete(args.queryId);
      this.count(written);
    } else if (args.result.numAffectedRows !== undefined) {
      // A statement that was never built here (`CompiledQuery.raw`) and is not a read: its
      // tables are unknown. Counted once, after it ran, still before the connection is released.
      this.count('all');
    }
    return args.result;
  }

  private count(written: Written): void {
    if (written === 'all') {
      this.unknownWrites++;
      return;
    }
    for (const table of written) this.writes.set(table, (this.writes.get(table) ?? 0) + 1);
  }
}
