import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../lib/logger.js';

/** How often the write-ahead log is looked at (its size here; the thread checkpoints as often). */
const EVERY_MS = 1_000;

/** A log this large starts the thread (SQLite's own default checkpoint: 1 000 pages of 4 KiB). */
const START_FROM_BYTES = 4 * 1024 * 1024;

/**
 * A log holding more than this is checkpointed so that the next writer starts it over (RESTART),
 * and the server connection's `journal_size_limit` cuts the file back: the log's bound on disk,
 * give or take a second of writes and the largest transaction.
 */
const RESTART_FROM_BYTES = 64 * 1024 * 1024;

/**
 * The checkpointing thread: its own connection to the file, and `wal_checkpoint(PASSIVE)` every
 * `every` ms (it waits for no reader and no writer; what it cannot copy yet, the next does, and
 * with nothing new it costs microseconds). Plain CommonJS run with `eval`: it needs nothing of
 * the app but the driver, so neither the bundle nor the sources need an entry of their own.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const pageSize = db.pragma('page_size', { simple: true });
let copied = 0;
const checkpoint = () => {
  try {
    let [result] = db.pragma('wal_checkpoint(PASSIVE)');
    // Writers that never pause starve a passive checkpoint: it copies the log, but frames were
    // added while it did, so no writer ever starts the log again from its beginning and it grows
    // as long as they write. Past the bound, the rest is copied holding writers back (a few
    // frames, since the passive pass just copied the others) and the next writer starts over.
    if (result.log * pageSize > workerData.restartFrom) {
      [result] = db.pragma('wal_checkpoint(RESTART)');
      parentPort.postMessage({ ok: true, restarted: true, result });
    }
    // Told only when it copied frames it had not (a log copied whole reports the same count until a writer restarts it).
    else if (result.checkpointed > 0 && result.checkpointed !== copied) parentPort.postMessage({ ok: true, result });
    copied = result.checkpointed;
  } catch (error) {
    parentPort.postMessage({ ok: false, error: String((error && error.message) || error) });
  }
};
checkpoint();
setInterval(checkpoint, workerData.every);
`;

interface CheckpointReply {
  ok: boolean;
  restarted?: boolean;
  result?: { busy: number; log: number; checkpointed: number };
  error?: string;
}

/**
 * Checkpoints of a SQLite file in WAL mode, off the event loop. By default SQLite copies the log
 * into the database at the end of the commit that takes it past 1 000 pages, on the committing
 * connection: the server's one connection, on the event loop, so that a step storing 10 000
 * ticks held the loop about 100 ms in its commit (a disk slow to sync, longer). The server's
 * connection turns that off (`wal_autocheckpoint = 0`), and once the log first reaches 4 MiB a
 * thread of its own checkpoints it every second: a small database (most tests) never starts one.
 * Should the thread fail, the server's connection checkpoints itself again, as by default.
 */
export class WalCheckpoints {
  private worker: Worker | undefined;
  private stopped = false;
  private readonly timer: NodeJS.Timeout;
  /** Checkpoints of the thread that copied frames into the database. */
  checkpoints = 0;
  /** Of those, the ones that held writers back to start the log over (past `restartFrom`). */
  restarts = 0;

  constructor(
    private readonly path: string,
    private readonly autocheckpoint: (pages: number) => void,
    private readonly logger?: Logger,
    private readonly every = EVERY_MS,
    private readonly restartFrom = RESTART_FROM_BYTES,
  ) {
    autocheckpoint(0);
    this.timer = setInterval(() => this.look(), every);
    this.timer.unref();
  }

  /** Starts the thread once the log has reached `threshold` bytes (called each second; tests call it directly). */
  look(threshold = START_FROM_BYTES): void {
    if (this.worker !== undefined || this.stopped) return;
    let size: number;
    try {
      size = statSync(`${this.path}-wal`).size;
    } catch {
      return;
    }
    if (size >= threshold) this.start();
  }

  private start(): void {
    clearInterval(this.timer);
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { path: this.path, driver, every: this.every, restartFrom: this.restartFrom } });
    worker.unref();
    worker.on('message', (reply: CheckpointReply) => {
      if (!reply.ok) {
        this.logger?.warn('sqlite: a checkpoint of the write-ahead log failed; the next one tries again', { error: reply.error });
        return;
      }
      this.checkpoints++;
      if (reply.restarted === true) this.restarts++;
    });
    worker.on('error', (error) => this.fallBack(error));
    worker.on('exit', (code) => {
      if (!this.stopped) this.fallBack(new Error(`the checkpoint thread exited with code ${code}`));
    });
    this.worker = worker;
  }

  private fallBack(error: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    this.logger?.error('sqlite: the checkpoint thread stopped; the server connection checkpoints the write-ahead log itself again', { error: String(error) });
    this.autocheckpoint(1_000);
  }

  async close(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.worker?.terminate();
  }
}
